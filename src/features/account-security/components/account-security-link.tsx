import { Link } from 'react-router';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { paths } from '@/config/paths';
import { accountLinkMessages } from '@/locales/zh-CN/account-links';
import styles from './account-security-page.module.css';

/** The header's way to 账号安全 (认证为企业管理员, 修改登录密码). */
export function AccountSecurityLink() {
  return (
    <Link to={paths.accountSecurity} className={styles.headerLink}>
      <SafetyCertificateOutlined aria-hidden />
      <span>{accountLinkMessages.accountSecurity}</span>
    </Link>
  );
}
