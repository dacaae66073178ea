// Preloaded into `netlify dev` for the tests (NODE_OPTIONS=--require): a server that asks for a port
// without a host would listen on every interface; the tests' servers listen on loopback only.
'use strict';
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (first !== null && typeof first === 'object' && 'port' in first && first.host === undefined && first.path === undefined) {
    args[0] = { ...first, host: '127.0.0.1' };
  } else if ((typeof first === 'number' || (typeof first === 'string' && /^[0-9]+$/.test(first))) && typeof args[1] !== 'string') {
    args.splice(1, 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};
