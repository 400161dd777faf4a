import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureStore, createReducer, type Middleware } from '@reduxjs/toolkit';
import { redDotSet } from '@/lib/app-actions';
import { invalidateExportTasks } from '@/features/export-center/api/export-api';
import type { AppDispatch } from '@/lib/store';
import { exportRedDotChanged, storedRedDot } from './red-dot';
import { useExportTaskEvents } from './use-export-task-events';
import { clearRealtime, emitRealtime } from '@/testing/realtime';

vi.mock('@/lib/realtime', () => import('@/testing/realtime'));

/** Every action dispatched to the test store, oldest first. */
let dispatched: Array<{ type: string; payload?: unknown }> = [];

const recordDispatched: Middleware = () => (next) => (action) => {
  dispatched.push(action as { type: string; payload?: unknown });
  return next(action);
};

/** A store with just the red dot (the shell's global slice keeps it in the app). */
const createStore = () =>
  configureStore({
    reducer: {
      redDot: createReducer({ exportTask: false }, (builder) =>
        builder.addCase(redDotSet, (_, action) => action.payload),
      ),
    },
    middleware: (defaults) => defaults().concat(recordDispatched),
  });
const redDotOf = (state: ReturnType<ReturnType<typeof createStore>['getState']>) => state.redDot;

const finished = { taskId: 't1', status: 'done', fileName: '业务操作记录.xlsx' };

describe('the export centre red dot (FILE_PROCESS_EXPORT_TASK_REDDOT)', () => {
  afterEach(() => {
    clearRealtime();
    dispatched = [];
  });

  it('is kept per mobile and channel id', () => {
    const store = createStore();
    (store.dispatch as AppDispatch)(exportRedDotChanged({ mobile: '13800000001', cId: 'CH0001' }, true));

    expect(localStorage.getItem('SgThsk_FILE_PROCESS_EXPORT_TASK_REDDOT_13800000001_CH0001')).toBe('true');
    expect(storedRedDot({ mobile: '13800000001', cId: 'CH0001' })).toBe(true);
    expect(storedRedDot({ mobile: '13800000001', cId: 'CH0002' })).toBe(false);
    expect(storedRedDot({ mobile: '13800000002', cId: 'CH0001' })).toBe(false);
    expect(storedRedDot({ mobile: undefined, cId: 'CH0001' })).toBe(false);
  });

  it('shows the dot this user and channel left lit as the signed-in shell opens', () => {
    localStorage.setItem('SgThsk_FILE_PROCESS_EXPORT_TASK_REDDOT_13800000001_CH0001', 'true');
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useExportTaskEvents({ mobile: '13800000001', cId: 'CH0001' }, false), { wrapper });

    expect(redDotOf(store.getState())).toEqual({ exportTask: true });
  });

  it('lights and clears in storage and in the store together', () => {
    const store = createStore();
    const dispatch = store.dispatch as AppDispatch;
    const owner = { mobile: '13800000001', cId: 'CH0001' };

    dispatch(exportRedDotChanged(owner, true));
    expect(redDotOf(store.getState())).toEqual({ exportTask: true });
    expect(storedRedDot(owner)).toBe(true);

    dispatch(exportRedDotChanged(owner, false));
    expect(redDotOf(store.getState())).toEqual({ exportTask: false });
    expect(storedRedDot(owner)).toBe(false);
  });

  it('lights when the socket says an export finished, for that user only', () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useExportTaskEvents({ mobile: '13800000001', cId: 'CH0001' }, false), { wrapper });

    emitRealtime('EXPORT_TASK_FINISHED', finished);

    expect(redDotOf(store.getState())).toEqual({ exportTask: true });
    expect(storedRedDot({ mobile: '13800000001', cId: 'CH0001' })).toBe(true);
    expect(storedRedDot({ mobile: '13800000004', cId: 'CH0001' })).toBe(false);
  });

  it('stays off while the centre is open: the user watches the task finish', () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useExportTaskEvents({ mobile: '13800000001', cId: 'CH0001' }, true), { wrapper });

    emitRealtime('EXPORT_TASK_FINISHED', finished);

    expect(redDotOf(store.getState())).toEqual({ exportTask: false });
  });

  it('reloads the task list when events may have been missed, without lighting the dot', () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useExportTaskEvents({ mobile: '13800000001', cId: 'CH0001' }, false), { wrapper });
    dispatched = [];

    emitRealtime('REALTIME_RESYNC', {});

    expect(dispatched).toEqual([invalidateExportTasks()]);
    expect(redDotOf(store.getState())).toEqual({ exportTask: false });
  });
});
