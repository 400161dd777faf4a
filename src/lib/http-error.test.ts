import { callFailureOf, HttpError } from './http-error';

describe('call failures', () => {
  it('reads the status and code of a thrown HttpError and of an endpoint error alike', () => {
    expect(callFailureOf(new HttpError(409, 'CONFLICT', '冲突', null))).toEqual({
      status: 409,
      code: 'CONFLICT',
    });
    expect(callFailureOf({ status: 404, code: undefined, message: '' })).toEqual({
      status: 404,
      code: undefined,
    });
  });

  it('reads nothing from what is not a failed call', () => {
    expect(callFailureOf(new Error('offline'))).toBeNull();
    expect(callFailureOf(undefined)).toBeNull();
    expect(callFailureOf({ status: '404' })).toBeNull();
  });
});
