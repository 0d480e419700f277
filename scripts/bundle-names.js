// esbuild's `keepNames` (scripts/bundle-dist.js: Nest's tokens, the OpenAPI schemas' names) calls
// its `__name(fn, "name")` helper on some 8,500 functions and classes of the API's bundle, most
// of them as they load, and redefining a function's `name` gives it a property store of its own:
// 2.9 MB kept, and more for each start's young-generation collections to copy (issue 31). Most of
// those functions have that name already (esbuild renamed only a few to keep the bundle's names
// apart); this helper leaves those as they are, and names the others as esbuild's does.
'use strict';

/** esbuild's helper in a bundle minified for whitespace and syntax. */
const ESBUILD_NAME = 'var __name=(target,value)=>__defProp(target,"name",{value,configurable:!0});';
/** The same, leaving a function named `value` already as it is; as long, so no column moves. */
const CHEAP_NAME = 'var __name=(t,v)=>t.name===v?t:__defProp(t,"name",{value:v,configurable:1});';

/** `source` with esbuild's `__name` helper replaced by the cheaper one; throws when it is not there once. */
function cheapNames(source) {
  const first = source.indexOf(ESBUILD_NAME);
  if (first === -1 || source.indexOf(ESBUILD_NAME, first + 1) !== -1) {
    throw new Error(`bundle-names: esbuild's __name helper is not in the bundle once: ${ESBUILD_NAME}`);
  }
  return source.slice(0, first) + CHEAP_NAME + source.slice(first + ESBUILD_NAME.length);
}

module.exports = { cheapNames, ESBUILD_NAME, CHEAP_NAME };
