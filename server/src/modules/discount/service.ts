import { PERMISSION } from '@contract/permissions';
import type { ListReadBy } from '../../lib/list-page';

/**
 * The discount module's entry for other modules: 我的贴现 as the export centre reads and writes it.
 */
export { DISCOUNT_EXPORT } from './queries';

/** Who reads 我的贴现, its list and its export alike: the 贴现 page's permission. */
export const DISCOUNT_LIST_READ_BY: ListReadBy = { permission: PERMISSION.discount.path };
