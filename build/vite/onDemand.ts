// Modules the fill route must not load up front. Each importer here gets a stand-in that loads the real
// module on demand (the stand-in says how); the real one is still built, as its own chunk, for the
// stand-in's dynamic import. Node (the server, the tests) always imports the real ones.
import { fromRoot } from './paths';
import { standIns } from './standIns';

export const onDemand = () =>
  standIns('on-demand', 'kept off the fill route until needed', [
    // The expression parser (Chevrotain and the grammar, ~40 KiB gzip): the stand-in answers from the parse
    // trees the server sends with a survey.
    { importer: fromRoot('engine/expression/parse.ts'), source: './syntax/parse-syntax', standIn: fromRoot('src/expression/syntax.ts') },
    // libphonenumber (29 KiB gzip): the stand-in reads numbers once a page has loaded the library.
    { importer: fromRoot('engine/validation/phone.ts'), source: 'libphonenumber-js/min', standIn: fromRoot('widgets/phone/numbers.ts') },
    // RE2 for regex() (re2js, ~55 KiB gzip): loaded before a survey whose expressions call regex().
    { importer: fromRoot('engine/expression/values/pattern.ts'), source: 're2js', standIn: fromRoot('src/expression/re2.ts') },
  ]);

// See src/vendor/uri-stub.ts: @rjsf/utils's only use of an RFC 3986 parser is for `$id`s we never write.
// Only its import is replaced: ajv, on the admin screens, needs the real fast-uri.
export const rjsfUriStandIn = () =>
  standIns('rjsf-uri-stand-in', "no URI parser in @rjsf/utils's chunk", [
    { importer: /@rjsf[\\/]utils[\\/]/, source: 'fast-uri', standIn: fromRoot('src/vendor/uri-stub.ts') },
  ]);
