// The islands' inline icons: one stroked path on a 24-unit grid, in the text's colour and hidden from
// assistive technology. Islands cannot render src/components/Icon.astro, so this is its React side.

interface StrokeIconProps {
  /** The path's `d`. */
  path: string;
  /** Size, spacing and colour (`h-4 w-4 text-amber-600`). */
  className: string;
  strokeWidth?: string;
}

export function StrokeIcon({ path, className, strokeWidth = '2' }: StrokeIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}
