import { Link } from 'react-router';
import { LogoMark, PRODUCT_NAME } from './LogoMark';

export { PRODUCT_NAME };

/** The mark as a link inside the app (the router's). */
export function Logo({ inverted = false, to = '/' }: { inverted?: boolean; to?: string }) {
  return (
    <Link to={to} aria-label={PRODUCT_NAME}>
      <LogoMark inverted={inverted} />
    </Link>
  );
}
