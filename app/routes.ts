import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The whole URL map, one line a route (ui-contract.md names every path).
export default [
  index("routes/public/home.tsx"),
  route("list", "routes/public/list.tsx"),

  route("login", "routes/auth/login.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("admin-login", "routes/auth/admin-login.tsx"),
  route("logout", "routes/auth/logout.tsx"),

  route("admin", "routes/admin/admin-home.tsx"),

  route("api/og-image", "routes/api/og-image.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
