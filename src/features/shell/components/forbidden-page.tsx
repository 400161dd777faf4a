import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { exceptionPicture } from '@/components/exception-picture/exception-picture';
import { companyCenterAuthorizePath, paths } from '@/config/paths';
import { areaMessages } from '@/locales/zh-CN/areas';
import { shellMessages } from '@/locales/zh-CN/shell';
import type { AccessDenial } from '@/features/shell/model/route-handle';
import styles from './shell-layout.module.css';

/** The page a user sees instead of one their permissions or their organisation's status closes (spec section 6). */
export function ForbiddenPage({ reason }: { reason: Exclude<AccessDenial, null> }) {
  const navigate = useNavigate();
  return (
    <Result
      {...exceptionPicture('403')}
      // In place of the page, its one heading: antd draws Result's title as plain text.
      title={<h1 className={styles.resultTitle}>{shellMessages.forbiddenTitle}</h1>}
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
