import type { ReactNode } from "react";
import { Link } from "react-router";

export interface SegmentedItem {
  key: string;
  to: string;
  current: boolean;
  label: ReactNode;
  count: number;
}

/** A row of links of which one is the current page (kinds, levels): links, so a view can be shared. */
export function SegmentedNav({ label, className, items }: { label: string; className: string; items: SegmentedItem[] }) {
  return (
    <nav className={`segmented ${className}`} aria-label={label}>
      {items.map((item) => (
        <Link key={item.key} className="segmented__item" to={item.to} aria-current={item.current ? "page" : undefined} preventScrollReset>
          {item.label}
          <span className="segmented__count">{item.count}</span>
        </Link>
      ))}
    </nav>
  );
}
