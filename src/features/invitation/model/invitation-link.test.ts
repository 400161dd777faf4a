import { API_ERROR } from '@contract/errors';
import { absoluteInvitationLink, invitationFailureMessage, parseInvitationLink } from './invitation-link';

const CODE = 'Abcdefghijklmnop_qrstu-0123456789';

describe('invitation links (spec sections 2 and 5)', () => {
  it('reads the organisation and code of a link that contains /#/user/login?code=', () => {
    expect(parseInvitationLink(`https://bill.example.com/#/user/login?code=${CODE}&orgId=ORG-1`)).toEqual({
      orgId: 'ORG-1',
      code: CODE,
    });
  });

  it('takes the link out of the text a chat app wraps around it', () => {
    expect(
      parseInvitationLink(
        `张明邀请您加入企业：http://127.0.0.1:4310/#/user/login?code=${CODE}&orgId=o1 （7天内有效）`,
      ),
    ).toEqual({ orgId: 'o1', code: CODE });
  });

  it.each([
    ['no marker at all', `https://bill.example.com/#/user/register?code=${CODE}&orgId=o1`],
    ['a plain word', '邀请链接'],
    ['the marker without an organisation', `/#/user/login?code=${CODE}`],
    ['a code too short to be one', '/#/user/login?code=abc&orgId=o1'],
    ['a code with characters a code never has', `/#/user/login?code=${CODE}<script>&orgId=o1`],
  ])('refuses %s', (_, text) => {
    expect(parseInvitationLink(text)).toBeNull();
  });

  it("makes the server's link absolute on this site", () => {
    expect(absoluteInvitationLink(`/#/user/login?code=${CODE}&orgId=o1`, 'https://bill.example.com')).toBe(
      `https://bill.example.com/#/user/login?code=${CODE}&orgId=o1`,
    );
  });

  it('says why an invitation cannot be used', () => {
    const fail = (status: number, code: string) => ({ status, code, message: 'x' });
    expect(invitationFailureMessage(fail(400, API_ERROR.invitationUsed), '兜底')).toBe('该邀请链接已被使用');
    expect(invitationFailureMessage(fail(400, API_ERROR.invitationExpired), '兜底')).toBe('该邀请链接已过期');
    expect(invitationFailureMessage(fail(400, API_ERROR.invitationMobileMismatch), '兜底')).toBe(
      '该邀请链接仅限指定手机号使用',
    );
    expect(invitationFailureMessage(fail(409, API_ERROR.conflict), '兜底')).toBe('您已是该企业的成员');
    expect(invitationFailureMessage(new Error('offline'), '兜底')).toBe('兜底');
  });
});
