import type { VerificationTask } from '@/lib/verification-queue';
import { LicenceUnboundDialog } from './licence-unbound-dialog';
import { QrVerifyDialog } from './qr-verify-dialog';
import { SmsVerifyDialog } from './sms-verify-dialog';

/** The dialog a queued verification task calls for. */
export function VerifyDialog({ task }: { task: VerificationTask }) {
  switch (task.kind) {
    case 'sms':
      return (
        <SmsVerifyDialog
          open
          mobile={task.mobile}
          onSubmit={(code) => task.submit({ kind: 'sms', code })}
          onCancel={task.cancel}
        />
      );
    case 'qr':
      return (
        <QrVerifyDialog
          open
          challengeId={task.challengeId}
          onSubmit={(proof) => task.submit({ kind: 'qr', ...proof })}
          onCancel={task.cancel}
        />
      );
    case 'licenceUnbound':
      return <LicenceUnboundDialog open onClose={task.cancel} />;
  }
}
