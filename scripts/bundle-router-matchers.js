// find-my-way, fastify's router, writes three small functions per route as JavaScript source and
// compiles each with `new Function` (the prefix test of each static path segment, the params
// object of each route, and each route's handler choice among constraints): about 1,000 of them
// as the API registers its routes (333 handlers with the HEAD and 404 routes), 40-60 ms of a
// start's CPU (issue 31), and code the bundle's V8 cache cannot hold. In the bundle
// (scripts/bundle-dist.js) they are closures over the same values, doing the same tests in the
// same order. The build fails when find-my-way's text of them changes.
'use strict';
const { rewritesPlugin } = require('./bundle-rewrites');

/** [file in find-my-way, its text, the closure that replaces it]. */
const REWRITES = [
  [
    'lib/node.js',
    `    const lines = []
    for (let i = 1; i < this.prefix.length; i++) {
      const charCode = this.prefix.charCodeAt(i)
      lines.push(\`path.charCodeAt(i + \${i}) === \${charCode}\`)
    }
    this.matchPrefix = new Function('path', 'i', \`return \${lines.join(' && ')}\`) // eslint-disable-line`,
    // the prefix after its first character, at path[i + 1…], as it is now (split() makes a new test)
    `    const rest = this.prefix.slice(1)
    this.matchPrefix = (path, i) => path.startsWith(rest, i + 1)`,
  ],
  [
    'lib/handler-storage.js',
    `    const fnBody = []

    fnBody.push('const fn = function _createParamsObject (paramsArray) {')

    fnBody.push('const params = new NullObject()')
    for (let i = 0; i < params.length; i++) {
      fnBody.push(\`params['\${params[i]}'] = paramsArray[\${i}]\`)
    }
    fnBody.push('return params')
    fnBody.push('}')

    fnBody.push('return fn')

    return new Function('NullObject', fnBody.join('\\n'))(NullObject)  // eslint-disable-line`,
    `    const names = [...params]
    return function _createParamsObject (paramsArray) {
      const object = new NullObject()
      for (let i = 0; i < names.length; i++) object[names[i]] = paramsArray[i]
      return object
    }`,
  ],
  [
    'lib/handler-storage.js',
    `    const lines = []
    lines.push(\`
    let candidates = \${(1 << this.handlers.length) - 1}
    let mask, matches
    \`)
    for (const constraint of this.constraints) {
      // Setup the mask for indexes this constraint applies to. The mask bits are set to 1 for each position if the constraint applies.
      lines.push(\`
      mask = \${this._constrainedIndexBitmask(constraint)}
      value = derivedConstraints.\${constraint}
      \`)

      // If there's no constraint value, none of the handlers constrained by this constraint can match. Remove them from the candidates.
      // If there is a constraint value, get the matching indexes bitmap from the store, and mask it down to only the indexes this constraint applies to, and then bitwise and with the candidates list to leave only matching candidates left.
      const strategy = constrainer.strategies[constraint]
      const matchMask = strategy.mustMatchWhenDerived ? 'matches' : '(matches | mask)'

      lines.push(\`
      if (value === undefined) {
        candidates &= mask
      } else {
        matches = this.constrainedHandlerStores.\${constraint}.get(value) || 0
        candidates &= \${matchMask}
      }
      if (candidates === 0) return null;
      \`)
    }

    // There are some constraints that can be derived and marked as "must match", where if they are derived, they only match routes that actually have a constraint on the value, like the SemVer version constraint.
    // An example: a request comes in for version 1.x, and this node has a handler that matches the path, but there's no version constraint. For SemVer, the find-my-way semantics do not match this handler to that request.
    // This function is used by Nodes with handlers to match when they don't have any constrained routes to exclude request that do have must match derived constraints present.
    for (const constraint in constrainer.strategies) {
      if (!Object.hasOwn(constrainer.strategies, constraint)) continue
      const strategy = constrainer.strategies[constraint]
      if (strategy.mustMatchWhenDerived && !this.constraints.includes(constraint)) {
        lines.push(\`if (derivedConstraints.\${constraint} !== undefined) return null\`)
      }
    }

    // Return the highest set bit index in the candidates bitmask.
    lines.push('return this.handlers[31 - Math.clz32(candidates)]')

    this._getHandlerMatchingConstraints = new Function('derivedConstraints', lines.join('\\n')) // eslint-disable-line`,
    // each constraint's mask and kind of match as they are now; the stores and handlers read at each call
    `    const all = (1 << this.handlers.length) - 1
    const checks = this.constraints.map((constraint) => ({
      constraint,
      mask: this._constrainedIndexBitmask(constraint),
      mustMatch: Boolean(constrainer.strategies[constraint].mustMatchWhenDerived)
    }))
    const mustBeAbsent = []
    for (const constraint in constrainer.strategies) {
      if (!Object.hasOwn(constrainer.strategies, constraint)) continue
      const strategy = constrainer.strategies[constraint]
      if (strategy.mustMatchWhenDerived && !this.constraints.includes(constraint)) mustBeAbsent.push(constraint)
    }
    this._getHandlerMatchingConstraints = function (derivedConstraints) {
      let candidates = all
      for (const { constraint, mask, mustMatch } of checks) {
        const value = derivedConstraints[constraint]
        if (value === undefined) {
          candidates &= mask
        } else {
          const matches = this.constrainedHandlerStores[constraint].get(value) || 0
          candidates &= mustMatch ? matches : (matches | mask)
        }
        if (candidates === 0) return null
      }
      for (const constraint of mustBeAbsent) if (derivedConstraints[constraint] !== undefined) return null
      return this.handlers[31 - Math.clz32(candidates)]
    }`,
  ],
];

/** esbuild plugin: find-my-way's files with those closures. */
const routerMatchers = rewritesPlugin('router-matchers', 'find-my-way', REWRITES);

module.exports = { routerMatchers };
