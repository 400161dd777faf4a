import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { companyCenterAuthorizePath, paths } from '@/config/paths';
import { areaMessages } from '@/locales/zh-CN/areas';
import { shellMessages } from '@/locales/zh-CN/shell';
import type { AccessDenial } from '@/features/shell/model/route-handle';

/** The page a user sees instead of one their permissions or their organisation's status closes (spec section 6). */
export function ForbiddenPage({ reason }: { reason: Exclude<AccessDenial, null> }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={shellMessages.forbiddenTitle}
      subTitle={
        <>
          <p>{shellMessages.forbidden}</p>
          {reason === 'unauthorized' && <p>{shellMessages.unauthorizedHint}</p>}
        </>
      }
      extra={[
        <Button key="home" type="primary" onClick={() => navigate(paths.dashboard)}>
          {areaMessages.construction.back}
        </Button>,
        ...(reason === 'unauthorized'
          ? [
              <Button key="authorize" onClick={() => navigate(companyCenterAuthorizePath())}>
                {shellMessages.goAuthorize}
              </Button>,
            ]
          : []),
      ]}
    />
  );
}
