import { showErrorNotice } from '@/lib/error-messages';
import { encryptPassword } from '@/lib/password';
import { loginMessages } from '@/locales/zh-CN/login';
import { fetchPasswordKey } from '@/features/account-security/api/account-security-requests';

/**
 * A new password encrypted under the platform's current key, as the password calls send it. When the key
 * cannot be fetched the user is told (平台配置加载失败) and the promise rejects.
 */
export async function encryptForPlatform(password: string): Promise<string> {
  let key: string;
  try {
    key = await fetchPasswordKey();
  } catch (error) {
    showErrorNotice(loginMessages.configFailed);
    throw error;
  }
  return encryptPassword(password, key);
}
