// A badge with Chakra's badge look (subtle or solid, three sizes, a colour palette) as a plain <span>.
import type { HTMLAttributes } from 'react';
import { classes, type Palette } from './Button';
import './plain.css';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: 'subtle' | 'solid';
  size?: 'xs' | 'sm' | 'md';
  colorPalette?: Palette;
}

export function Badge({ variant = 'subtle', size = 'sm', colorPalette = 'gray', className, ...rest }: BadgeProps) {
  return <span className={classes('pl-badge', `pl-badge-${variant}`, `pl-badge-${size}`, `pl-${colorPalette}`, className)} {...rest} />;
}
