// http-errors (loaded with @fastify/static, for the audit page and the OpenAPI page's files) sets up
// its deprecation notice with depd as it loads, and depd reads the stack to learn its caller's file:
// in the 6 MB bundle the first stack trace's line positions cost about 8-11 ms of a start's CPU
// (issue 31). Its one notice (an error made with a status under 400) is set up at first use instead.
'use strict';
const { rewritesPlugin } = require('./bundle-rewrites');

const lazyHttpErrorsDeprecation = rewritesPlugin('lazy-http-errors-deprecation', 'http-errors', [
  [
    'index.js',
    "var deprecate = require('depd')('http-errors')",
    // the first call replaces it with depd's own, set up from this file as before
    "var deprecate = function (message) { (deprecate = require('depd')('http-errors'))(message) }",
  ],
]);

module.exports = { lazyHttpErrorsDeprecation };
