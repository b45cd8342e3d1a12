/**
 * The data behind judging a supplier's address (address-judge.ts): which hosts and page shapes are not a
 * supplier's own site. Only data here, so adding a host is a one-line change with no logic to touch.
 *
 * Hosts are registrable domains or full host names, lower-case, without `www.`; a listed host covers its
 * subdomains too (`saramin.co.kr` covers `m.saramin.co.kr`). Each class has a test in address-judge.test.ts.
 */

/** The kinds of page a supplier row may point at that are not the supplier's own site. */
export type ThirdPartyKind = "job" | "company-db" | "encyclopedia" | "news" | "social" | "marketplace" | "brand" | "institution";

/** What each kind is called in the import preview and on /admin/review. */
export const KIND_LABELS: Record<ThirdPartyKind | "document" | "foreign" | "moved" | "gone" | "parked", string> = {
  job: "구인구직 사이트",
  "company-db": "기업 정보·업체 목록 사이트",
  encyclopedia: "백과사전·위키",
  news: "언론사·방송사 사이트",
  social: "블로그·카페·SNS·커뮤니티",
  marketplace: "오픈마켓·가격 비교·중개 사이트",
  brand: "도매처가 아닌 브랜드·기업 사이트",
  institution: "공공기관·단체 사이트",
  document: "문서 파일(PDF·HWP 등)",
  foreign: "국외 사이트",
  moved: "다른 사이트로 연결되는 주소",
  gone: "닫혔거나 없는 페이지",
  parked: "판매 중이거나 만료된 도메인",
};

/**
 * Platforms where the first path segment (or `@name`) is one account: social hosts (a supplier's blog or
 * channel is not its own site), and one account's page is one site (`PATH_ACCOUNT_HOSTS`).
 */
const ACCOUNT_PLATFORMS = [
  "blog.naver.com",
  "cafe.naver.com",
  "post.naver.com",
  "in.naver.com",
  "brunch.co.kr",
  "instagram.com",
  "facebook.com",
  "youtube.com",
  "story.kakao.com",
  "pf.kakao.com",
  "band.us",
  "twitter.com",
  "x.com",
  "tiktok.com",
  "threads.net",
  "linktr.ee",
  "velog.io",
  "medium.com",
] as const;

export const THIRD_PARTY_HOSTS: Record<ThirdPartyKind, readonly string[]> = {
  // 사람인, 잡코리아, 인크루트, 잡플래닛, 알바몬, 알바천국, 링커리어, 원티드, 캐치, 워크넷, 로켓펀치, 피플앤잡, 잡알리오
  job: [
    "saramin.co.kr",
    "jobkorea.co.kr",
    "incruit.com",
    "jobplanet.co.kr",
    "albamon.com",
    "alba.co.kr",
    "linkareer.com",
    "wanted.co.kr",
    "catch.co.kr",
    "work.go.kr",
    "work24.go.kr",
    "rocketpunch.com",
    "peoplenjob.com",
    "job.alio.go.kr",
    "superookie.com",
    "jobindexer.com",
    "indeed.com",
    "linkedin.com",
  ],
  // 114, bizno, THE VC, 나이스비즈인포, 크레탑, 혁신의숲, 업체 목록·도매처 모음 사이트
  "company-db": [
    "114.co.kr",
    "bizno.net",
    "thevc.kr",
    "nicebizinfo.com",
    "kreport.co.kr",
    "cretop.com",
    "innoforest.co.kr",
    "crunchbase.com",
    "dnb.com",
    "opencorporates.com",
    "bizinfo.go.kr",
    "tcatmon.com",
    "sellerocean.com",
    "domaelist.com",
    "yeogie.com",
    "exportvoucher.com",
    "ftc.go.kr",
  ],
  // 나무위키, 위키백과(모든 언어), 리브레 위키, 네이버 지식백과, 두산백과, 한국민족문화대백과
  encyclopedia: [
    "namu.wiki",
    "namu.moe",
    "wikipedia.org",
    "wikiwand.com",
    "librewiki.net",
    "terms.naver.com",
    "doopedia.co.kr",
    "encykorea.aks.ac.kr",
    "namuwiki.kr",
  ],
  // 포털 뉴스와 주요 언론사·방송사 (기사 주소 모양은 NEWS_PATHS가 따로 잡습니다)
  news: [
    "news.naver.com",
    "n.news.naver.com",
    "v.daum.net",
    "news.daum.net",
    "chosun.com",
    "joongang.co.kr",
    "donga.com",
    "hani.co.kr",
    "khan.co.kr",
    "kmib.co.kr",
    "seoul.co.kr",
    "segye.com",
    "hankookilbo.com",
    "munhwa.com",
    "mk.co.kr",
    "hankyung.com",
    "sedaily.com",
    "mt.co.kr",
    "edaily.co.kr",
    "asiae.co.kr",
    "heraldcorp.com",
    "fnnews.com",
    "etnews.com",
    "zdnet.co.kr",
    "bloter.net",
    "yna.co.kr",
    "newsis.com",
    "news1.kr",
    "nocutnews.co.kr",
    "ohmynews.com",
    "pressian.com",
    "mediatoday.co.kr",
    "inews24.com",
    "dt.co.kr",
    "ajunews.com",
    "newspim.com",
    "thebell.co.kr",
    "businesspost.co.kr",
    "kbs.co.kr",
    "mbc.co.kr",
    "imbc.com",
    "sbs.co.kr",
    "jtbc.co.kr",
    "ytn.co.kr",
    "mbn.co.kr",
    "tvchosun.com",
    "ichannela.com",
    "e2news.com",
    "khgames.co.kr",
    "mirae-biz.com",
    "m-i.kr",
  ],
  // 네이버 블로그·카페·포스트·인플루언서, 티스토리, 브런치, 인스타그램, 페이스북, 유튜브, 카카오스토리, 밴드, X, 틱톡, 커뮤니티
  social: [
    ...ACCOUNT_PLATFORMS,
    "tistory.com",
    "fb.com",
    "youtu.be",
    "blog.daum.net",
    "cafe.daum.net",
    "wordpress.com",
    "blogspot.com",
    "egloos.com",
    "pinterest.com",
    "i-boss.co.kr",
    "clien.net",
    "dcinside.com",
    "ppomppu.co.kr",
    "theqoo.net",
    "ruliweb.com",
    "realog.net",
    "sailing-blog.click",
    "keyzard.cc",
  ],
  // 오픈마켓, 가격 비교, 재능·서비스 중개, 서점, 여행 예약, 포털 검색
  marketplace: [
    "coupang.com",
    "gmarket.co.kr",
    "auction.co.kr",
    "11st.co.kr",
    "ssg.com",
    "lotteon.com",
    "interpark.com",
    "tmon.co.kr",
    "wemakeprice.com",
    "shopping.naver.com",
    "search.shopping.naver.com",
    "search.naver.com",
    "naver.me",
    "musinsa.com",
    "kmong.com",
    "soomgo.com",
    "enuri.com",
    "danawa.com",
    "hotdeals.com",
    "yes24.com",
    "aladin.co.kr",
    "kyobobook.co.kr",
    "amazon.com",
    "aliexpress.com",
    "alibaba.com",
    "1688.com",
    "taobao.com",
    "temu.com",
    "google.com",
    "daum.net",
  ],
  // Well-known brands and businesses that are not wholesalers, and the unrelated businesses the legacy
  // export pointed suppliers at (shared/data/wholesalers-legacy.json).
  brand: [
    "puma.com",
    "nike.com",
    "adidas.co.kr",
    "hyatt.com",
    "twosome.co.kr",
    "starbucks.co.kr",
    "kurly.com",
    "hanssem.com",
    "ikea.com",
    "tiffany.kr",
    "tiffany.com",
    "spao.com",
    "uniqlo.com",
    "zara.com",
    "gentlemonster.com",
    "etude.com",
    "innisfree.com",
    "amorepacific.com",
    "oliveyoung.co.kr",
    "charmzone.co.kr",
    "modetour.com",
    "hanatour.com",
    "yanolja.com",
    "yanoljagroup.com",
    "sylvanianfamilies.com",
    "hyosungtnc.com",
    "ilum.co.kr",
    "gymboreeshop.co.kr",
    "goodneighbors.kr",
    "ploom.co.kr",
    "fncent.com",
    "samsung.com",
    "lge.co.kr",
    "apple.com",
    "daiso.co.kr",
    "annemurray.com",
    "elfsborg.se",
    "crazyhouse.vn",
    "toykidspoolvilla.com",
    "dacmotors.co.kr",
  ],
  // 공공기관·단체 (도메인 끝으로도 잡습니다: INSTITUTION_SUFFIXES)
  institution: ["agromarket.kr", "ajoumc.or.kr", "mohw.go.kr"],
};

/** Public bodies, schools and associations: not shops. */
export const INSTITUTION_SUFFIXES = ["go.kr", "or.kr", "ac.kr", "re.kr", "mil.kr", "es.kr", "ms.kr", "hs.kr", "gov", "edu"] as const;

/**
 * Country domains that read as a Korean shop's own address (kr) or are used as generic names (io, co,
 * me, …). Any other two-letter country domain (a Vietnamese hotel, a Swedish football club) is
 * `foreign`: a Korean supplier's own site there is possible but worth a look.
 */
export const HOME_COUNTRY_TLDS = [
  "kr",
  "io",
  "co",
  "me",
  "ai",
  "tv",
  "ly",
  "gg",
  "so",
  "to",
  "cc",
  "ws",
  "im",
  "fm",
  "am",
  "la",
  "st",
  "sh",
  "vc",
  "us",
] as const;

/**
 * Shop platforms where a subdomain is one seller's own shop (`grwswolesale.cafe24.com`): the shop is the
 * supplier's own site, judged like any other.
 */
export const SHOP_PLATFORM_SUFFIXES = [
  "cafe24.com",
  "cafe24shop.com",
  "godomall.com",
  "makeshop.co.kr",
  "imweb.me",
  "sixshop.com",
  "myshopify.com",
  "wixsite.com",
  "scale38.com",
] as const;

/**
 * Shop platforms where the first path segment is one seller's shop (`smartstore.naver.com/tjdome`): that
 * shop's front page is the supplier's own site; a product page inside it is a deep page.
 */
export const PATH_SHOP_HOSTS = ["smartstore.naver.com", "brand.naver.com", "m.smartstore.naver.com"] as const;

/** Platforms where the first path segment (or `@name`) is one account: blogs, channels, profiles. */
export const PATH_ACCOUNT_HOSTS = [
  ...ACCOUNT_PLATFORMS,
  "m.blog.naver.com",
  "m.cafe.naver.com",
  "m.facebook.com",
  "m.youtube.com",
] as const;

/** File endings of documents: a link to a file is never a supplier's site. */
export const DOCUMENT_EXTENSIONS = ["pdf", "hwp", "hwpx", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "zip", "txt", "rtf", "odt"] as const;

/** Paths that fetch a file (`/common/board/Download.do?…&fileNo=2`, `/download.php?file=…`). */
export const DOCUMENT_PATHS: readonly RegExp[] = [
  /\/download(\.do|\.php|\.asp|\.jsp)?$/i,
  /\/filedown/i,
  /\/fileDownload/i,
  /[?&](fileno|file_no|fileid|file_id)=/i,
];

/** Page shapes of a news article on any host (the CMS most Korean outlets share, portal news). */
export const NEWS_PATHS: readonly RegExp[] = [
  /\/news\/articleview\.html/i,
  /\/news\/articlelist\.html/i,
  /\/news\/view\.(php|html|asp)/i,
  /\/article\/\d{5,}/i,
];

/** Page shapes of an encyclopedia or wiki entry on any host. */
export const WIKI_PATHS: readonly RegExp[] = [/^\/wiki\//i, /^\/w\//i];

/** Page shapes of a blog post on any host (WordPress `?p=123`, `/entry/…`). */
export const POST_PATHS: readonly RegExp[] = [/[?&]p=\d+/i, /^\/entry\//i];

/**
 * Deep pages of a site, by what they are: the preview says which. Checked against the lower-cased path
 * and query; the first match wins.
 */
export const DEEP_PAGE_PATTERNS: readonly { kind: DeepKind; pattern: RegExp }[] = [
  { kind: "privacy", pattern: /privacy|private\.|개인정보|personal_?info|\/policy/ },
  { kind: "login", pattern: /login|signin|sign_in|logon|\/auth\/|\/admin\// },
  { kind: "join", pattern: /join|signup|sign_up|register|regist|\/member\/(agree|terms)|idinfo/ },
  { kind: "product", pattern: /goods|product|item\.php|it_id=|\/shop\/item|\/category\/|cate_?no=|catalog|\/nprod\// },
  { kind: "company", pattern: /\/company\/|\/intro\/|about|business\.html|\/brand/ },
  {
    kind: "board",
    pattern: /board|bbs|article|notice|faq|newsview|view\.(php|html|asp|gn)|read\.(html|php)|content\.asp|\/story\/|customer|\/cs\//,
  },
];

export type DeepKind = "privacy" | "login" | "join" | "board" | "product" | "company" | "other";

export const DEEP_LABELS: Record<DeepKind, string> = {
  privacy: "개인정보처리방침 페이지",
  login: "로그인 페이지",
  join: "회원가입 페이지",
  board: "게시판 글",
  product: "상품·카테고리 페이지",
  company: "회사 소개 페이지",
  other: "하위 페이지",
};

/** A path that is still the front page: `/`, `/index.html`, `/main`, a language root (`/ko`, `/ko-KR`). */
export const HOME_PATH =
  /^\/(?:(?:index|main|default|home)(?:\.(?:html?|php|asp|aspx|jsp|do))?\/?|(?:shop\/)?(?:main\/)?index\.php|[a-z]{2}(?:[-_][a-z]{2})?\/?|main\/?)?$/i;

/** Query parameters that do not change which page it is (campaign and referral tags). */
export const IGNORED_QUERY_PARAMS = /^(utm_[a-z]+|gclid|fbclid|ref|referrer|source|n_media|n_query|nacn|inflow)$/i;

/**
 * Words in a fetched page's title (a site check, see address-judge.ts `SiteCheck`) that say the page
 * is not a working front page.
 */
export const TITLE_MARKERS: readonly { kind: "privacy" | "login" | "join" | "gone" | "parked"; pattern: RegExp }[] = [
  { kind: "privacy", pattern: /개인정보\s*처리\s*방침|privacy policy/i },
  { kind: "login", pattern: /로그인|log\s?in|sign\s?in/i },
  { kind: "join", pattern: /회원\s*가입|sign\s?up/i },
  { kind: "gone", pattern: /404|not found|페이지를 찾을 수 없|존재하지 않는 페이지|서비스 종료|운영이 종료|폐업/i },
  { kind: "parked", pattern: /domain (is )?for sale|도메인 판매|buy this domain|parked|호스팅 만료|기간 만료/i },
];
