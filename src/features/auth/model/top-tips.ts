import { removeByPrefix } from '@/lib/storage';

/** Session flags of dismissed top tips (`top_tips_<name>`, spec section 3): a new sign-in shows them all again. */
const TOP_TIPS_PREFIX = 'top_tips_';

export function clearTopTips(): void {
  removeByPrefix(sessionStorage, TOP_TIPS_PREFIX);
}
