/**
 * LinkedIn's member post analytics (Community Management API, permission r_member_postAnalytics):
 * GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:urn%3Ali%3Ashare%3A…)&queryType=…
 * &aggregation=TOTAL, answered `{ elements: [{ count, metricType: {…: queryType} }] }`. A token
 * without the permission gets 403 as LinkedIn answers it; `failAnalytics` fails the next calls.
 * The figures are the post's `analytics` (tests set them), else 0.
 */
import { sendJson, sendScenarioError } from './http-utils.ts';
import { accessDeniedBody, authenticate, checkRestHeaders, type LinkedInContext } from './linkedin-common.ts';

export const ANALYTICS_PATH = '/rest/memberCreatorPostAnalytics';
export const analyticsQueryTypes = ['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE'];

export function handleMemberPostAnalytics(context: LinkedInContext): void {
  const { res, state, scenario } = context;
  const token = authenticate(context);
  if (!token) return;
  const version = checkRestHeaders(context);
  if (!version) return;
  if (!token.scope.includes('r_member_postAnalytics')) {
    return sendJson(res, 403, accessDeniedBody(`memberCreatorPostAnalytics.FINDER-entity.${version}01`));
  }
  if (scenario.failAnalytics) {
    return sendScenarioError(
      res,
      { status: scenario.failAnalytics.status },
      {
        status: scenario.failAnalytics.status,
        message: scenario.failAnalytics.status === 429 ? 'Resource level throttle limit reached' : 'Error',
      },
    );
  }
  const { query } = context;
  const entity = /^\((share|ugc):(.+)\)$/.exec(query.get('entity') ?? '');
  const queryType = query.get('queryType') ?? '';
  if (query.get('q') !== 'entity' || !entity || !analyticsQueryTypes.includes(queryType)) {
    return sendJson(res, 400, { status: 400, message: 'Invalid query parameters passed to request' });
  }
  const urn = decodeURIComponent(entity[2]!);
  const post = state.posts.find(
    (each) => each.urn === urn && each.author === `urn:li:person:${token.member.sub}`,
  );
  if (!post) return sendJson(res, 404, { status: 404, message: `Not found: ${urn}` });
  sendJson(res, 200, {
    paging: { start: 0, count: 10, links: [] },
    elements: [
      {
        count: post.analytics?.[queryType] ?? 0,
        metricType: {
          'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': queryType,
        },
      },
    ],
  });
}
