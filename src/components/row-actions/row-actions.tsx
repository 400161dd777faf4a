import type { ReactNode } from 'react';
import Button from 'antd/es/button';

export interface RowActionsProps<K extends string> {
  /** The way to the bill's detail, first in every row. */
  detail: ReactNode;
  /** The acts the row may show, in the order shown: the server's list, or the page's order of them. */
  acts: readonly K[];
  /** Where `acts` is the page's order: the acts the server offers on the row now; only these are shown. */
  offered?: readonly string[];
  /** Each act's name on its link. */
  names: Readonly<Record<K, string>>;
  /** Acts that refuse (拒付, 驳回解除) read in the danger colour. */
  danger?: readonly K[];
  /** An act chosen: most open the act's dialog. */
  onAct: (act: K) => void;
}

/** A list row's last cell: the bill's detail, then each act the row offers, as links. */
export function RowActions<K extends string>({
  detail,
  acts,
  offered,
  names,
  danger,
  onAct,
}: RowActionsProps<K>) {
  return (
    <>
      {detail}
      {acts
        .filter((act) => !offered || offered.includes(act))
        .map((act) => (
          <Button key={act} type="link" danger={danger?.includes(act)} onClick={() => onAct(act)}>
            {names[act]}
          </Button>
        ))}
    </>
  );
}
