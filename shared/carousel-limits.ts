/**
 * A carousel's limits, shared by the browser and the publisher (no code, so importing them costs
 * the dashboard nothing; shared/carousel-pdf.ts checks a PDF against them).
 *
 * LinkedIn's Documents API takes files of up to 100 MB and 300 pages. The post-carousels bucket
 * keeps less: 20 MB, ten times what a carousel of ten slides built in the browser weighs (issue 29
 * budgets 2 MB), well under the 50 MB a hosted project's Storage takes by default, and small enough
 * for the publisher (an Edge Function on hosted) to hold in memory while it uploads it.
 */

/** The most the post-carousels bucket stores (supabase/migrations/20261129000700_post_carousels.sql). */
export const maxCarouselBytes = 20 * 1024 * 1024;
/** The largest document LinkedIn takes. */
export const linkedinMaxDocumentBytes = 100 * 1024 * 1024;
/** The most pages a LinkedIn document may have. */
export const linkedinMaxDocumentPages = 300;
/** The longest document title kept (posts.carousel_title); LinkedIn shows it above the slides. */
export const maxCarouselTitleLength = 400;
/** The most the editable slides may weigh as JSON text (posts.carousel_slides). */
export const maxCarouselSlidesBytes = 256 * 1024;
