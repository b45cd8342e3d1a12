import { Form, Link, NavLink } from "react-router";

type Props = { siteName: string; user: { email: string | null; role: "admin" | "user"; supplier?: boolean } | null };

const navClass = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium hover:bg-slate-100 ${isActive ? "text-blue-700" : "text-slate-700"}`;

export function SiteHeader({ siteName, user }: Props) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[2200px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to="/list" className="text-lg font-extrabold tracking-tight text-blue-700">
          {siteName}
        </Link>
        {/*
          On a phone the menu is its own row under the site name and account buttons, wrapping onto a second
          row when it must: every link stays on the screen (a sideways scroll hid `관리자` at 360 px).
        */}
        <nav
          aria-label="주요 메뉴"
          className="order-3 -mx-2 flex w-full flex-wrap items-center gap-1 sm:order-none sm:mx-0 sm:w-auto sm:flex-1"
        >
          <NavLink to="/list" className={navClass}>
            도매 사이트 목록
          </NavLink>
          <NavLink to="/products" className={navClass}>
            상품 검색
          </NavLink>
          <NavLink to="/seller-info" className={navClass}>
            셀러 정보센터
          </NavLink>
          {user ? (
            <NavLink to="/favorites" className={navClass}>
              찜 목록
            </NavLink>
          ) : null}
          {user?.supplier ? (
            <NavLink to="/supplier" className={navClass}>
              내 도매처
            </NavLink>
          ) : null}
          {user?.role === "admin" ? (
            <NavLink to="/admin" className={navClass}>
              관리자
            </NavLink>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-2 text-sm sm:ml-0">
          {user ? (
            <>
              {user.email ? <span className="hidden text-slate-500 sm:inline">{user.email}</span> : null}
              <Link to="/account" className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
                내 계정
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50">
                  로그아웃
                </button>
              </Form>
            </>
          ) : (
            <>
              <Link to="/login" className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
                로그인
              </Link>
              <Link to="/signup" className="rounded-md bg-blue-600 px-3 py-1.5 font-medium text-white hover:bg-blue-700">
                회원가입
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
