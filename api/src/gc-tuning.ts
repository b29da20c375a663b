import v8 from 'node:v8'

/**
 * Imported first by server.ts: V8's allocation-site pretenuring off for the API process.
 *
 * V8 allocates straight in the old generation the objects of a code site whose objects survived
 * young collections. At start-up (route schemas, Drizzle tables) many sites qualify, and some of
 * them also allocate an object per request. Such an object, dead a few milliseconds later, stays
 * until the next full collection and keeps alive through every young one all the request's
 * objects it points to (rows, strings, promises): they get promoted too, their own sites then
 * qualify, and so on. Under load the API promoted about 13 KB per list response (the bare server
 * 0.8 KB) and ran a full collection every two seconds; without pretenuring, 1.8 KB and GC's share
 * of a list response's CPU fell by most of its 0.1 ms (docs/decisions/api-cpu-per-response.md). A request
 * server's objects die young: pretenuring has little to win here. It is a process-wide flag, so
 * it is set here, before the modules that allocate load, for every way the API is started
 * (npm run start:api, the Dockerfile, compose, the benches), without repeating a node option.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring')
