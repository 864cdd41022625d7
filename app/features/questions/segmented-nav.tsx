import type { ReactNode } from "react";

export interface SegmentedItem {
  key: string;
  to: string;
  current: boolean;
  label: ReactNode;
  count: number;
}

/** A row of links of which one is the current page (kinds, levels): plain links, so a view can be shared and works with no script. */
export function SegmentedNav({ label, className, items }: { label: string; className: string; items: SegmentedItem[] }) {
  return (
    <nav className={`segmented ${className}`} aria-label={label}>
      {items.map((item) => (
        <a key={item.key} className="segmented__item" href={item.to} aria-current={item.current ? "page" : undefined}>
          {item.label}
          <span className="segmented__count">{item.count}</span>
        </a>
      ))}
    </nav>
  );
}
