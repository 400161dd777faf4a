import { useState } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import Tag from 'antd/es/tag';
import { ROLE } from '@contract/verification';
import { scrollToFirstError } from '@/lib/form';
import { withNotifier } from '@/lib/notify';
import { accountSecurityMessages } from '@/locales/zh-CN/account-security';
import { shellMessages } from '@/locales/zh-CN/shell';
import {
  useBecomeOwnerMutation,
  useElecLicenceStatusQuery,
  useRoleAuthQuery,
} from '@/features/account-security/api/account-security-api';
import { requestPasswordChange } from '@/features/account-security/api/account-security-requests';
import { confirmPasswordRules, newPasswordRules } from '@/features/account-security/model/password-rules';
import { encryptForPlatform } from '@/features/account-security/model/platform-password';
import styles from './account-security-page.module.css';

const text = accountSecurityMessages.page;
const HTTP_CONFLICT = 409;

export interface AccountSecurityUser {
  name?: string;
  mobile?: string;
  orgName?: string;
}

export interface AccountSecurityPageProps {
  user: AccountSecurityUser | null;
  /** The global auth method (spec section 3: NO_PERMISSIONS when the lookup failed). */
  authMethod: string;
}

interface PasswordValues {
  password: string;
  confirm: string;
}

const isAuthMethod = (value: string): value is keyof typeof text.authMethods =>
  Object.hasOwn(text.authMethods, value);

function roleLabel(owner: boolean | undefined, roles: readonly string[] | undefined): string {
  if (owner) return text.roleOwner;
  if (roles?.includes(ROLE.staff) || roles?.includes(ROLE.admin)) return text.roleStaff;
  return text.roleNone;
}

/**
 * 账号安全: who is signed in for which company, the company's authentication method and e-licence, the
 * QR-verified 认证为企业管理员 and the SMS-verified password change. Both verifications are the request
 * layer's dialogs; this page only starts the operations.
 */
export function AccountSecurityPage({ user, authMethod }: AccountSecurityPageProps) {
  const role = useRoleAuthQuery();
  const licence = useElecLicenceStatusQuery();
  const [becomeOwner, ownerState] = useBecomeOwnerMutation();
  const [alreadyOwner, setAlreadyOwner] = useState(false);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [changing, setChanging] = useState(false);

  const owner = role.data?.owner === true || alreadyOwner;
  const inOrganization = (role.data?.roles.length ?? 0) > 0;

  const claimOwnership = async () => {
    const result = await becomeOwner();
    if ('data' in result) {
      withNotifier(({ message }) => void message.success(text.ownerSuccess));
      return;
    }
    // 409 is rejected without a notice by the catalogue: here it means the work is already done.
    if ('status' in result.error && result.error.status === HTTP_CONFLICT) {
      setAlreadyOwner(true);
      withNotifier(({ message }) => void message.info(text.ownerDone));
    }
  };

  const changePassword = async ({ password }: PasswordValues) => {
    setChanging(true);
    try {
      await requestPasswordChange({ password: await encryptForPlatform(password) });
      passwordForm.resetFields();
      withNotifier(({ message }) => void message.success(text.passwordChanged));
    } catch {
      // Shown by the catalogue or as the key failed, or the SMS dialog was closed.
    } finally {
      setChanging(false);
    }
  };

  const licenceText = licence.data ? (licence.data.bound ? text.licenceBound : text.licenceUnbound) : '—';

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{text.title}</h1>

      <Card title={text.accountSection} loading={role.isLoading}>
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={text.name}>{user?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={text.mobile}>{user?.mobile ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={text.organization}>
            {user?.orgName || shellMessages.noOrganization}
          </Descriptions.Item>
          <Descriptions.Item label={text.role}>
            {role.isError ? (
              text.loadFailed
            ) : (
              <Tag color={owner ? 'blue' : undefined}>{roleLabel(owner, role.data?.roles)}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={text.authMethod}>
            {isAuthMethod(authMethod) ? text.authMethods[authMethod] : authMethod}
          </Descriptions.Item>
          <Descriptions.Item label={text.licence}>{licenceText}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={text.ownerSection}>
        <p className={styles.intro}>{text.ownerIntro}</p>
        <div className={styles.actions}>
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined aria-hidden />}
            loading={ownerState.isLoading}
            disabled={owner || !inOrganization}
            onClick={() => void claimOwnership()}
          >
            {text.ownerAction}
          </Button>
          {owner && <span className={styles.note}>{text.ownerDone}</span>}
        </div>
      </Card>

      <Card title={text.passwordSection}>
        <p className={styles.intro}>{text.passwordIntro}</p>
        <Form<PasswordValues>
          form={passwordForm}
          name="password-change"
          layout="vertical"
          requiredMark={false}
          className={styles.passwordForm}
          scrollToFirstError={scrollToFirstError}
          onFinish={(values) => void changePassword(values)}
        >
          <Form.Item
            name="password"
            label={accountSecurityMessages.forgotPassword.passwordLabel}
            rules={newPasswordRules}
          >
            <Password
              placeholder={accountSecurityMessages.forgotPassword.passwordPlaceholder}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={accountSecurityMessages.forgotPassword.confirmLabel}
            dependencies={['password']}
            rules={confirmPasswordRules('password')}
          >
            <Password
              placeholder={accountSecurityMessages.forgotPassword.confirmPlaceholder}
              autoComplete="new-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changing}>
            {text.passwordSubmit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
