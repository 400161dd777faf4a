import { Suspense } from 'react';
import { useAppSelector } from '@/lib/store';
import { loadChunk } from '@/utils/lazy-chunk';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { selectNonPaymentShow } from '@/features/shell/model/nonpayment-slice';

// antd's Alert loads only when the banner shows, not with every page's frame.
const NonPaymentAlert = lazyWithAntd(() =>
  loadChunk(() => import('./non-payment-alert')).then((module) => module.NonPaymentAlert),
);

/** The non-payment display (spec section 2), shown while the socket's last NON_PAYMENT said so. */
export function NonPaymentBanner() {
  const show = useAppSelector(selectNonPaymentShow);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <NonPaymentAlert />
    </Suspense>
  );
}
