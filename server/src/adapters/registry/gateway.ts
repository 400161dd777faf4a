import type { FreezeRisk } from '@contract/freeze';

/**
 * The bill registry (the exchange's 票据登记 of freezes): orders of an authority (a court's 司法冻结, a
 * 挂失止付, a 公示催告) that freeze all or part of a holding, and the orders that lift them, arrive from it,
 * never from a user of the platform. app.ts picks the implementation; the freeze module takes its orders
 * through `deliverTo`. Each order carries the registry's own reference: delivered twice, it acts once.
 */

export interface FreezeOrder {
  reference: string;
  packageNo: string;
  /** Sub-ticket numbers, both inclusive; from 1, and to the end of the holding holding `subStart`, when absent. */
  subStart?: number | undefined;
  subEnd?: number | undefined;
  risk: FreezeRisk;
  authority: string;
  documentNo: string;
}

export interface LiftOrder {
  reference: string;
  /** The platform's id of the freeze the order lifts. */
  freezeId: string;
  authority: string;
  documentNo: string;
}

/** A freeze as registered or lifted. */
export interface FreezeOutcome {
  id: string;
  status: 'active' | 'lifted';
  subStart: number;
  subEnd: number;
  splittable: boolean;
}

export interface RegistryHandlers {
  freeze(order: FreezeOrder): Promise<FreezeOutcome>;
  lift(order: LiftOrder): Promise<FreezeOutcome>;
}

export interface BillRegistryGateway {
  /** Where the registry's orders are taken (once, by the freeze module). */
  deliverTo(handlers: RegistryHandlers): void;
}

/** No registry connected: no order arrives, so nothing is ever frozen. */
export class UnavailableBillRegistryGateway implements BillRegistryGateway {
  deliverTo(): void {}
}
