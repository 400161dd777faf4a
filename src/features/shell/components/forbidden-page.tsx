import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { companyCenterAuthorizePath, paths } from '@/config/paths';
import { appMessages } from '@/locales/zh-CN-app';
import type { AccessDenial } from '@/features/shell/model/route-handle';

/** The page a user sees instead of one their permissions or their organisation's status closes (spec section 6). */
export function ForbiddenPage({ reason }: { reason: Exclude<AccessDenial, null> }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={appMessages.frame.forbiddenTitle}
      subTitle={
        <>
          <p>{appMessages.frame.forbidden}</p>
          {reason === 'unauthorized' && <p>{appMessages.frame.unauthorizedHint}</p>}
        </>
      }
      extra={[
        <Button key="home" type="primary" onClick={() => navigate(paths.dashboard)}>
          {appMessages.construction.back}
        </Button>,
        ...(reason === 'unauthorized'
          ? [
              <Button key="authorize" onClick={() => navigate(companyCenterAuthorizePath())}>
                {appMessages.frame.goAuthorize}
              </Button>,
            ]
          : []),
      ]}
    />
  );
}
