import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';

/**
 * The Redux store. Shared code must not import features, so each feature's slice joins the root
 * reducer itself (`slice.injectInto(rootReducer)`) and declares its state here by declaration merging:
 *
 *   declare module '@/lib/store' { interface LazyLoadedSlices extends WithSlice<typeof userSlice> {} }
 *
 * src/app injects every session slice before the store is made, so all of them exist from the start.
 * RTK Query (lib/api.ts) joins later, with its middleware, when the first screen that uses it loads
 * (`takeInjectedSlices`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware that joins after the store exists (RTK Query's, from lazily loaded code). */
export const dynamicMiddleware = createDynamicMiddleware();

/** The store made last: the app makes one; a test makes one for each render. */
let runningStore: { dispatch: (action: UnknownAction) => unknown } | undefined;

export function createAppStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
  runningStore = store;
  return store;
}

const sliceJoined = createAction('store/sliceJoined');

/**
 * For a slice injected into the root reducer after the store exists: an injected reducer runs from the
 * next action on, so until then the state lacks the slice. RTK Query's hooks read their cache in their first
 * render, before they dispatch, and found nothing there; this action has the store take the slice in at once.
 */
export function takeInjectedSlices(): void {
  runningStore?.dispatch(sliceJoined());
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
