import { inflowEndpoints, inflowLandingEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { toCsv } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import * as login from './inflow.login.ts';
import * as inflow from './inflow.service.ts';

/** 流入経路 of a LINE account (client area): routes, figures, QR codes, CSV and a friend's route. */
export function inflowRoutes(app: FastifyInstance) {
  const e = inflowEndpoints;
  route(app, e.report, ({ params, query }, { ctx }) =>
    inflow.routesReport({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.reportCsv, async ({ params, query }, { ctx }, reply) => {
    const report = await inflow.routesReport({ ctx, input: { ...params, ...query } });
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inflow-routes-${report.days}d.csv"`);
    return toCsv(await inflow.routesReportCsv(ctx, report));
  });
  route(app, e.create, ({ params, body }, { ctx }) =>
    inflow.createRoute({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.update, ({ params, body }, { ctx }) =>
    inflow.changeRoute({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.remove, ({ params }, { ctx }) => inflow.removeRoute({ ctx, input: params }));
  route(app, e.qrPng, async ({ params }, { ctx }, reply) => {
    const png = await inflow.routeQrPng({ ctx, input: params });
    void reply
      .type('image/png')
      .header('content-disposition', `inline; filename="${png.fileName}"`)
      .header('cache-control', 'private, no-store');
    return png.data;
  });
  route(app, e.qrPdf, async ({ params }, { ctx }, reply) => {
    const pdf = await inflow.routeQrPdf({ ctx, input: params });
    void reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('cache-control', 'private, no-store');
    return pdf.data;
  });
  route(app, e.friendRoute, ({ params }, { ctx }) => inflow.friendRoute({ ctx, input: params }));
}

/** The route's public landing (/liff/api/v1/inflow/:slug): nothing is cached, nothing leaks the referrer. */
export function inflowLandingRoutes(app: FastifyInstance) {
  const l = inflowLandingEndpoints;
  route(app, l.landing, async ({ params }, { ctx }, reply) => {
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return inflow.routeLanding({ ctx, input: params });
  });
  route(app, l.visit, async ({ params, body }, { ctx }, reply) => {
    void reply.header('cache-control', 'no-store');
    return inflow.recordRouteVisit({ ctx, input: { ...params, ...body } });
  });
  // LINE Login's web flow for an account without a LIFF (inflow.login.ts): out to LINE and back
  route(app, l.login, async ({ params }, { ctx }, reply) => {
    const { url } = await login.routeLoginRedirect({ ctx, input: params });
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.redirect(url, 302) as unknown as null;
  });
  route(app, l.loginCallback, async ({ query }, { ctx }, reply) => {
    // the code and the state stay out of the next page's Referer
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    try {
      const { url } = await login.routeLoginCallback({ ctx, input: query });
      return reply.redirect(url, 302) as unknown as null;
    } catch (error) {
      // LINE's redirect is a visitor's browser: it goes back to the landing, which offers to try again
      // (nothing was recorded); a caller asking for JSON gets the error as every API answers it
      const wantsPage = /\btext\/html\b/.test(reply.request.headers.accept ?? '');
      const page =
        error instanceof AppError && wantsPage ? login.loginFailedUrl(ctx.config.appUrl, query.state) : null;
      if (!page) throw error;
      return reply.redirect(page, 302) as unknown as null;
    }
  });
}
