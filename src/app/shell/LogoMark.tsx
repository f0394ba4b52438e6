// The product's mark and name. Router-free and plain (../../components/plain/README.md): MessagePage
// shows it on the survey link's end screens, which run without the router and without Chakra.
import '../../components/plain/plain.css';

export const PRODUCT_NAME = 'Field Survey';

/** The product's mark and name, without a link. */
export function LogoMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <div className={inverted ? 'pl-logo pl-logo-inverted' : 'pl-logo'}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="pl-logo-name">{PRODUCT_NAME}</span>
    </div>
  );
}
