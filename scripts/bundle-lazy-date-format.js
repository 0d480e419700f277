// Nest's ConsoleLogger and Logger each make an Intl.DateTimeFormat as their module loads, for the
// timestamps of Nest's own console output: the process's first one loads ICU's locale data, about
// 12 ms of the API's start-up CPU (issue 31), and the API logs through pino, so most processes
// never format a date with them. In the bundle (scripts/bundle-dist.js) each is made at its first use.
'use strict';
const { rewritesPlugin } = require('./bundle-rewrites');

/** The formatter's options, as both files write them. */
const OPTIONS = `{
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    day: '2-digit',
    month: '2-digit',
}`;
const EAGER = `const dateTimeFormatter = new Intl.DateTimeFormat(undefined, ${OPTIONS});`;
/** The same formatter, made by the first format() (the only use of it in both files). */
const LAZY = `let dateTimeFormat;
const dateTimeFormatter = {
    format: (date) => (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, ${OPTIONS})).format(date),
};`;
const USE = '        return dateTimeFormatter.format(Date.now());';

const lazyDateFormat = rewritesPlugin('lazy-date-format', '@nestjs/common', [
  ['services/console-logger.service.js', EAGER, LAZY],
  ['services/console-logger.service.js', USE, USE], // its only use: the build fails if another appears
  ['services/logger.service.js', EAGER, LAZY],
  ['services/logger.service.js', USE, USE],
]);

module.exports = { lazyDateFormat, EAGER, LAZY };
