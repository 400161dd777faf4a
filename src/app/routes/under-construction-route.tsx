import { UnderConstructionPage } from '@/features/shell/components/under-construction-page';

/** A business area that is still 建设中 (the route table gives its name and plan). */
export function Component({ name, plan }: { name: string; plan: string }) {
  return <UnderConstructionPage name={name} plan={plan} />;
}
