import {
  combineSlices,
  configureStore,
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
 * RTK Query (lib/api.ts) joins the same way with its middleware, when the first screen that uses it loads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware that joins after the store exists (RTK Query's, from lazily loaded code). */
export const dynamicMiddleware = createDynamicMiddleware();

export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
