import Router from '@koa/router';
import type { Context } from 'koa';
import {
  COMPACT_CATALOG_MEDIA_TYPE,
  catalogDeltaQuerySchema,
  etaDateSchema,
  type CatalogSnapshot,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import {
  createCatalogSnapshots,
  type CatalogSnapshots,
  type ContentEncoding,
} from './catalog-snapshots';
import { catalogViewer } from './catalog-viewer';

/**
 * The catalogue of one delivery date, for every token (prices for customers only, see
 * catalog-viewer.ts):
 *  - GET /api/catalog/:date          the snapshot as JSON (kept for scripts and tests);
 *  - GET /api/catalog/:date/compact  the same in the compact encoding, pre-compressed (br or
 *                                    gzip by Accept-Encoding), with an ETag of its version;
 *  - GET /api/catalog/:date/head     the head of the copy without prices (shared `catalogHead`),
 *                                    compact and compressed the same way, with the number of
 *                                    varieties the default view lists in `X-Catalog-Entries`:
 *                                    what a first visit paints while the whole copy downloads;
 *  - GET /api/catalog/:date/delta?since=<version>&catalog=<catalogId>
 *                                    stock and price changes since a version, as JSON.
 */
export function catalogRoutes(
  app: AppContext,
  snapshots: CatalogSnapshots = createCatalogSnapshots(app),
): Router {
  const router = new Router();

  router.get('/api/catalog/:date', async (ctx) => {
    const viewer = catalogViewer(ctx);
    const date = etaDateSchema.parse(ctx.params.date);
    const snapshot = await snapshots.read(date, viewer.pricesVisible);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = viewer.pricesVisible ? snapshot : withoutPriceFields(snapshot);
  });

  router.get('/api/catalog/:date/compact', async (ctx) => {
    const viewer = catalogViewer(ctx);
    const date = etaDateSchema.parse(ctx.params.date);
    const encoding = acceptedEncoding(ctx);
    const { body, version, catalogId } = await snapshots.compact(
      date,
      viewer.pricesVisible,
      encoding,
    );
    const etag = `W/"${catalogId}.${date}.${version}.${viewer.pricesVisible ? 'p' : 'v'}"`;
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', etag);
    ctx.set('X-Catalog-Version', String(version));
    ctx.vary('Accept-Encoding');
    ctx.vary('Authorization');
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    sendCompact(ctx, body, encoding);
  });

  router.get('/api/catalog/:date/head', async (ctx) => {
    const date = etaDateSchema.parse(ctx.params.date);
    const encoding = acceptedEncoding(ctx);
    const { body, version, entryCount } = await snapshots.head(date, encoding);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Catalog-Version', String(version));
    ctx.set('X-Catalog-Entries', String(entryCount));
    ctx.vary('Accept-Encoding');
    sendCompact(ctx, body, encoding);
  });

  router.get('/api/catalog/:date/delta', async (ctx) => {
    const viewer = catalogViewer(ctx);
    const date = etaDateSchema.parse(ctx.params.date);
    const query = catalogDeltaQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await snapshots.delta(date, query.since, query.catalog, viewer.pricesVisible);
  });

  return router;
}

/** The compression the request accepts; no Accept-Encoding at all: plain bytes, as clients
 *  that never decompress expect. */
function acceptedEncoding(ctx: Context): ContentEncoding {
  const accepted = ctx.get('Accept-Encoding')
    ? ctx.acceptsEncodings('br', 'gzip', 'identity')
    : 'identity';
  return accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
}

function sendCompact(ctx: Context, body: Buffer, encoding: ContentEncoding): void {
  ctx.type = COMPACT_CATALOG_MEDIA_TYPE;
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = body;
}

/** A visitor's JSON snapshot: the offers carry no price field at all. */
function withoutPriceFields(snapshot: CatalogSnapshot) {
  return {
    ...snapshot,
    offers: snapshot.offers.map(
      ({
        grower_price_mills: _g,
        import_duties_tax: _d,
        freight_cost_mills: _f,
        box_charge_mills: _b,
        margin_discount: _m,
        stem_price_cents: _s,
        ...rest
      }) => rest,
    ),
  };
}
