// What a page shows while its code or data is on the way. Plain (./plain/README.md): the survey link's
// page shows it before anything else.
import './plain/plain.css';

export function PageSpinner() {
  return (
    <div className="pl-center pl-page-spinner" aria-busy="true">
      <span className="pl-spinner pl-spinner-lg" />
    </div>
  );
}
