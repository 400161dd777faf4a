import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { accountLinkMessages } from '@/locales/zh-CN/account-links';
import { FrameIcon } from '@/components/plain-controls/frame-icons';
import styles from './account-security-page.module.css';

/** The header's way to 账号安全 (认证为企业管理员, 修改登录密码). */
export function AccountSecurityLink() {
  return (
    <Link to={paths.accountSecurity} className={styles.headerLink}>
      <FrameIcon name="safetyCertificate" />
      <span>{accountLinkMessages.accountSecurity}</span>
    </Link>
  );
}
