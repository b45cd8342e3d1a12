import type { ReactNode } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { AdColumn } from "#app/components/layout/ad-column.tsx";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { OneTimeMessages } from "#app/components/one-time-message.tsx";
import { SpeculationRules } from "#app/components/speculation-rules.tsx";
import { usePretendardFromTheNextPage, WebFontStylesheet } from "#app/components/web-font.tsx";
import { pickTwoAds } from "#app/features/ads/pick-ads.server.ts";
import { readCompareIds } from "#app/features/compare/compare.server.ts";
import { CompareBar } from "#app/features/compare/compare-bar.tsx";
import { managesAnyListing } from "#app/features/suppliers/claims.server.ts";
import { env } from "#app/lib/env.server.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { anyRouteTurnsOff } from "#app/lib/page-handle.ts";
import { adDisclosure, businessRegistration, siteConfig } from "#app/lib/site-config.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { isStandInEmail } from "#app/platform/auth/providers.ts";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import pageEnhancements from "./scripts/page-enhancements.js?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const config = siteConfig();
  const [user, { toast, clearCookie }, compare] = await Promise.all([getUser(request), readToast(request), readCompareIds(request)]);
  const [leftAd, rightAd] = pickTwoAds(config.ads);
  // The header's `내 도매처`: only for accounts that manage at least one listing (공급사 인증).
  const supplier = user ? await managesAnyListing(user.id) : false;
  return data(
    {
      // An account 카카오 or 네이버 made without an e-mail shows no address (its stand-in is no one's).
      user: user ? { email: isStandInEmail(user.email) ? null : user.email, role: user.role, supplier } : null,
      toast,
      compare,
      ads: [leftAd, rightAd] as const,
      siteName: config.siteName,
      // PUBLIC_URL's origin, for canonical links, og:url and og:image (lib/meta.ts).
      origin: new URL(env().publicUrl).origin,
      footer: {
        disclosure: adDisclosure(config),
        adContactEmail: config.adContactEmail,
        business: config.business,
        registration: businessRegistration(config),
      },
    },
    {
      headers: {
        // A signed-in person's page (or one carrying a flash message) is theirs alone: never stored. An
        // anonymous page may be stored by a shared cache but must be asked for again each time: every
        // page has its own CSP nonce and ads that change per view.
        "Cache-Control": user || toast ? "private, no-store" : "no-cache",
        Vary: "Cookie",
        ...(clearCookie ? { "Set-Cookie": clearCookie } : {}),
      },
    },
  );
}

export { rootHeaders as headers } from "#app/lib/headers.ts";

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Routes speak through `handle` (lib/page-handle.ts): the admin layout's pages carry no ads, and a page that
  // needs no JavaScript is sent without React's client scripts (ADR 0031). useMatches lists every matched route
  // down to the deepest (the page itself, or the one whose error boundary shows).
  const matches = useMatches();
  const ads = root && !anyRouteTurnsOff(matches, "ads") ? root.ads : null;
  // In the browser React renders only a page that hydrated, or one it navigated to from there: keep the router's
  // pieces then (<Scripts> renders nothing once hydrated; <ScrollRestoration> keeps working for later pages).
  const hydrate = !anyRouteTurnsOff(matches, "hydrate") || typeof document !== "undefined";
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* `precedence` makes React put the stylesheet ahead of the ~20 modulepreloads (a plain <link>, and the
            CSS import before it, came after them), so the one render-blocking file is asked for first. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <meta name="theme-color" content="#2563eb" />
        <Meta />
        <Links />
        <WebFontStylesheet nonce={nonce} />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          본문으로 건너뛰기
        </a>
        <SiteHeader siteName={root?.siteName ?? "도매온"} user={root?.user ?? null} />
        {ads ? (
          // The content comes first in the page's order (the keyboard and a screen reader reach the search box
          // before any ad); wide screens draw the ads left and right of it, a phone shows one ad, after it.
          <div className="mx-auto grid max-w-[2200px] grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[300px_minmax(0,1600px)_300px] lg:justify-center">
            <main id="main" className="min-w-0 lg:col-start-2 lg:row-start-1">
              {children}
            </main>
            <AdColumn ad={ads[0]} className="lg:col-start-1 lg:row-start-1" />
            <AdColumn ad={ads[1]} className="hidden lg:col-start-3 lg:row-start-1 lg:block" lazy />
          </div>
        ) : (
          <div className="mx-auto max-w-[1600px] px-4 py-6">
            <main id="main" className="min-w-0">
              {children}
            </main>
          </div>
        )}
        {root ? <SiteFooter info={root.footer} /> : null}
        <CompareBar ids={root && !anyRouteTurnsOff(matches, "compareBar") ? root.compare : []} />
        <OneTimeMessages toast={root?.toast ?? null} />
        {/* A message may move the page on after a second (React puts the tag in <head>; a browser acts on it when
            it arrives, on a first load or after a client-side navigation). */}
        {root?.toast?.next ? <meta httpEquiv="refresh" content={`1;url=${root.toast.next}`} /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // A page without React: its links prerendered on hover (data, no code), and the one small module that
          // keeps the place after a button post and marks a pressed button busy (ADR 0031), after the content.
          <>
            <SpeculationRules nonce={nonce} />
            <script type="module" src={pageEnhancements} nonce={nonce || undefined} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  usePretendardFromTheNextPage();
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
