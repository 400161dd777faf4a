import { createAppStore, rootReducer, type AppStore } from '@/lib/store';
import { permissionSlice } from '@/features/auth/model/permission-slice';
import { userSlice } from '@/features/auth/model/user-slice';
import { globalSlice } from '@/features/shell/model/global-slice';
import { nonPaymentSlice } from '@/features/shell/model/nonpayment-slice';

/** The store with every session slice present from the first action (a reload restores them from storage). */
export function createStore(): AppStore {
  rootReducer.inject(userSlice);
  rootReducer.inject(permissionSlice);
  rootReducer.inject(globalSlice);
  rootReducer.inject(nonPaymentSlice);
  return createAppStore();
}
