import { isLegacyRequest } from '@modelcontextprotocol/server';
const r = (body: unknown, h: Record<string,string> = {}) => new Request('https://x/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...h }, body: JSON.stringify(body) });
console.log(await isLegacyRequest(r({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'a', version: '1' } } })));
console.log(await isLegacyRequest(r({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' })));
console.log(await isLegacyRequest(r({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-protocol-version': '2025-11-25' })));
