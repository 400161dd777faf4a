import type { BillRegistryGateway, FreezeOrder, FreezeOutcome, LiftOrder, RegistryHandlers } from './gateway';

/**
 * The sandbox registry: an operator or a test delivers an authority's order through the sandbox routes
 * (modules/freeze/sandbox-routes.ts), and it reaches the platform as the real registry's would.
 */
export class SandboxBillRegistryGateway implements BillRegistryGateway {
  private handlers: RegistryHandlers | null = null;

  deliverTo(handlers: RegistryHandlers): void {
    this.handlers = handlers;
  }

  private taker(): RegistryHandlers {
    if (!this.handlers)
      throw new Error('the bill registry delivers to nobody: the freeze module is not registered');
    return this.handlers;
  }

  register(order: FreezeOrder): Promise<FreezeOutcome> {
    return this.taker().freeze(order);
  }

  lift(order: LiftOrder): Promise<FreezeOutcome> {
    return this.taker().lift(order);
  }
}
