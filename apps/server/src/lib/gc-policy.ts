import { setFlagsFromString } from 'node:v8';

/*
 * The server's garbage-collection policy, set when the app's module loads (the flag is the
 * process's; V8 reads it as it collects, so setting it at run time takes effect).
 *
 * No allocation-site pretenuring. V8 watches where objects are allocated and, when most of a
 * site's objects survive a young-generation collection, allocates that site's objects straight
 * in the old generation from then on. The export (and the import) allocate the same sites a
 * page at a time: a page alive during one young collection marked its sites, and every later
 * page's rows, prices and views went to the old generation as garbage that only a full
 * collection frees. The export of 100,000 rows then peaked ~100 MB above idle; without
 * pretenuring, +40–53 MB (PostgreSQL), at the same speed.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
