import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The whole URL map, one line a route (ui-contract.md names every path).
export default [
  index("routes/public/home.tsx"),
  route("list", "routes/public/list.tsx"),
  route("updates", "routes/public/updates.tsx"),
  route("updates.xml", "routes/public/updates-feed.ts"),
  route("saved-searches", "routes/account/saved-searches.ts"),
  route("data", "routes/public/data.tsx"),
  route("data/suppliers.csv", "routes/public/data-suppliers-csv.ts"),
  route("data/suppliers.json", "routes/public/data-suppliers-json.ts"),

  route("login", "routes/auth/login.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("admin-login", "routes/auth/admin-login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("api/auth/callback/:provider", "routes/auth/oauth-callback.ts"),
  route("account", "routes/account/account.tsx"),

  // The note editor's first page shows any signed-in account why only admins write here (ui-contract.md), so it
  // checks for itself; every other /admin/* page stands in the admin layout: one admin check (route middleware)
  // and one admin menu.
  route("admin/sellernote-add", "routes/admin/note-add.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/admin-home.tsx"),
    route("admin/add", "routes/admin/add-wholesaler.tsx"),
    route("admin/wholesaler", "routes/admin/wholesalers.tsx"),
    route("admin/wholesaler-add", "routes/admin/wholesaler-form.tsx", { id: "admin-wholesaler-add" }),
    route("admin/wholesaler-edit/:id", "routes/admin/wholesaler-form.tsx", { id: "admin-wholesaler-edit" }),
    route("admin/clean-categories", "routes/admin/clean-categories.tsx"),
    route("admin/import", "routes/admin/import-wholesalers.tsx"),
    route("admin/review", "routes/admin/review.tsx"),
    route("admin/site-checks", "routes/admin/site-checks.tsx"),
    route("admin/reports", "routes/admin/reports.tsx"),
    route("admin/records", "routes/admin/records.tsx"),
    route("admin/reviews", "routes/admin/reviews.tsx"),
    route("admin/claims", "routes/admin/claims.tsx"),
    route("admin/evidence/:id", "routes/admin/evidence.ts"),
    route("admin/add-product", "routes/admin/add-product.tsx"),
    route("admin/external-products", "routes/admin/external-products.tsx"),
    route("admin/external-products/:id/edit", "routes/admin/external-product-edit.tsx"),
    route("admin/sellernote-edit/:id", "routes/admin/note-edit.tsx"),
  ]),

  route("wholesaler/:id", "routes/public/wholesaler-detail.tsx"),
  route("wholesaler/:id/report", "routes/public/wholesaler-report.tsx"),
  route("wholesaler/:id/review", "routes/public/wholesaler-review.tsx"),
  route("wholesaler/:id/terms-report", "routes/public/wholesaler-terms-report.tsx"),
  route("wholesaler/:id/reviews/:reviewId/:act", "routes/public/review-act.tsx"),
  route("wholesaler/:id/claim", "routes/public/wholesaler-claim.tsx"),
  route("supplier", "routes/account/supplier.tsx"),
  route("supplier/:id/edit", "routes/account/supplier-edit.tsx"),
  route("alerts/unsubscribe", "routes/account/alerts-unsubscribe.tsx"),
  route("compare", "routes/public/compare.tsx"),
  route("favorites", "routes/account/favorites.tsx"),

  route("products", "routes/products/products.tsx"),
  route("add", "routes/products/add.tsx"),
  route("edit/:id", "routes/products/edit.tsx"),
  route("product/:id", "routes/products/product.tsx"),
  route("search", "routes/public/external-products.tsx", { id: "search" }),
  route("external-products", "routes/public/external-products.tsx", { id: "external-products" }),

  route("api/og-image", "routes/api/og-image.ts"),
  route("images/:file", "routes/public/image.ts"),

  route("seller-info", "routes/public/seller-info.tsx"),
  route("tools/margin", "routes/tools/margin.tsx"),
  route("sellinginsight/:slug", "routes/guides/guide.tsx"),
  route("sellernote", "routes/notes/note-list.tsx"),
  route("sellernote.xml", "routes/notes/note-feed.ts"),
  route("sellernote/:id", "routes/notes/note-detail.tsx"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("terms", "routes/public/terms.tsx"),
  route("privacy", "routes/public/privacy.tsx"),

  // The benchmarks' no-database reference page, only in their own build (bench/server-process.ts).
  ...(process.env.BENCH_ROUTES === "1" ? [route("bench/reference-list", "../bench/reference-list-route.tsx")] : []),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
