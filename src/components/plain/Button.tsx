// Buttons with Chakra's button look (variants, sizes, colour palettes, a loading state) as a plain
// <button>: see ./README.md.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

export type Palette = 'gray' | 'brand' | 'red' | 'blue' | 'green' | 'orange';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'solid' | 'outline' | 'ghost' | 'plain';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  colorPalette?: Palette;
  /** Disabled and a spinner in place of the label, which stays the button's name for screen readers. */
  loading?: boolean;
  children?: ReactNode;
}

export function classes(...names: (string | false | undefined | null)[]): string {
  return names.filter(Boolean).join(' ');
}

export function Button({
  variant = 'solid',
  size = 'md',
  colorPalette = 'gray',
  loading = false,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes('pl-btn', `pl-${variant}`, `pl-${size}`, `pl-${colorPalette}`, className)}
      disabled={disabled || loading}
      data-loading={loading ? '' : undefined}
      {...rest}
    >
      {loading ? (
        <>
          <span className="pl-btn-busy" aria-hidden>
            <span className="pl-spinner" />
          </span>
          <span className="pl-btn-label">{children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A square button holding an icon only: the label names it for screen readers. */
export function IconButton({ className, ...props }: ButtonProps & { 'aria-label': string }) {
  return <Button variant="ghost" {...props} className={classes('pl-icon-btn', className)} />;
}
