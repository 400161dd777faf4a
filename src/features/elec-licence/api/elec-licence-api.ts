import { pathOf } from '@contract/paths';
import { ELEC_LICENCE_URL, type LicenceQrKind } from '@contract/elec-licence';
import type {
  ApplyRecordQrRequest,
  BizAuthRequest,
  LicenceQrEvent,
  LicenceQrImage,
  OrgLicenceState,
} from '@contract/elec-licence-schemas';
import { api } from '@/lib/api';
import { request } from '@/lib/http';

/** The organisation's authentication state (authorized, licence bound) for the 企业认证与授权 tab. */
export const elecLicenceApi = api.enhanceEndpoints({ addTagTypes: ['LicenceState'] }).injectEndpoints({
  endpoints: (build) => ({
    licenceState: build.query<OrgLicenceState, void>({
      query: () => ({ url: ELEC_LICENCE_URL.state, method: 'GET' }),
      providesTags: ['LicenceState'],
    }),
  }),
});

export const { useLicenceStateQuery } = elecLicenceApi;
export const invalidateLicenceState = () => elecLicenceApi.util.invalidateTags(['LicenceState', 'Company']);

/** What each kind's apply call needs. */
export type LicenceQrBody =
  | { kind: 'ORG_AUTH' | 'CHANGE_AUTH' }
  | { kind: 'BIZ_AUTH'; body: BizAuthRequest }
  | { kind: 'BIND_AUTH' | 'CONFIRM_AUTH'; body: ApplyRecordQrRequest };

const APPLY_URL: Record<LicenceQrKind, string> = {
  ORG_AUTH: ELEC_LICENCE_URL.orgAuth,
  CHANGE_AUTH: ELEC_LICENCE_URL.changeAuth,
  BIZ_AUTH: ELEC_LICENCE_URL.bizAuth,
  BIND_AUTH: ELEC_LICENCE_URL.bindAuth,
  CONFIRM_AUTH: ELEC_LICENCE_URL.confirmAuth,
};

/** A new QR code of this kind; the panel shows its own failure (二维码获取失败). */
export function fetchLicenceQr(input: LicenceQrBody, signal?: AbortSignal): Promise<LicenceQrImage> {
  const url = APPLY_URL[input.kind];
  return 'body' in input
    ? request<LicenceQrImage>({ url, method: 'POST', data: input.body, silent: true, signal })
    : request<LicenceQrImage>({ url, method: 'GET', silent: true, signal });
}

/** The socket's fallback: the code's status as the result event would carry it. */
export function fetchLicenceQrStatus(qrId: string, signal?: AbortSignal): Promise<LicenceQrEvent> {
  return request<LicenceQrEvent>({ url: pathOf(ELEC_LICENCE_URL.status, { qrId }), silent: true, signal });
}
