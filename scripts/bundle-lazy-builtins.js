// Node modules the API's start loads and does not use, loaded in the bundle (scripts/bundle-dist.js)
// when first used instead (issue 31): fastify's HTTP/2 and HTTPS servers (the API serves plain
// HTTP/1.1; http2 alone was about 6 ms of a start's CPU), and prom-client's Pushgateway and
// cluster AggregatorRegistry, which load https, zlib, cluster, child_process and dgram. Each of
// Node's own modules is compiled as it is first loaded.
'use strict';
const { rewritesPlugin } = require('./bundle-rewrites');

const fastifyServers = rewritesPlugin('lazy-fastify-servers', 'fastify', [
  ['lib/server.js', "const https = require('node:https')\nconst http2 = require('node:http2')\n", ''],
  [
    'lib/server.js',
    "typeof httpsOptions === 'object' ? http2.createSecureServer(httpsOptions, httpHandler) : http2.createServer(options.http, httpHandler)",
    "typeof httpsOptions === 'object' ? require('node:http2').createSecureServer(httpsOptions, httpHandler) : require('node:http2').createServer(options.http, httpHandler)",
  ],
  [
    'lib/server.js',
    '? https.createServer(httpsOptions, httpHandler)',
    "? require('node:https').createServer(httpsOptions, httpHandler)",
  ],
]);

/** `exports.name = require(path);` made a getter requiring it at its first read. */
const lazyExport = (name, path) => [
  'index.js',
  `exports.${name} = require('${path}');`,
  `Object.defineProperty(exports, '${name}', { enumerable: true, get: () => require('${path}') });`,
];

const promClientExtras = rewritesPlugin('lazy-prom-client-extras', 'prom-client', [
  lazyExport('Pushgateway', './lib/pushgateway'),
  lazyExport('AggregatorRegistry', './lib/cluster'),
]);

module.exports = { fastifyServers, promClientExtras };
