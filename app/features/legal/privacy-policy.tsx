import { Link } from "react-router";
import type { LegalPageData } from "./legal.server.ts";
import { koreanDate, LegalDocument, type LegalSection, LegalTable } from "./legal-document.tsx";

/**
 * The privacy policy (개인정보처리방침), in the order the 개인정보보호위원회's 작성지침 lists (docs/legal.md). Every
 * statement here describes what the code does: change the text when the code changes what it keeps.
 */
export function PrivacyPolicy({ data }: { data: LegalPageData }) {
  const { siteName, operator, legal, https, wroteCookie } = data;
  const officer = legal.privacyOfficer;
  const abroad = legal.processors.filter((processor) => processor.country !== "대한민국");

  const sections: LegalSection[] = [
    {
      id: "purpose",
      heading: "1. 개인정보의 처리 목적",
      body: (
        <>
          <p>
            운영자는 다음 목적으로만 개인정보를 처리합니다. 목적이 바뀌면 미리 알리고, 법에 따라 동의가 필요한 경우에는 동의를 받습니다.
          </p>
          <ul>
            <li>회원 가입과 관리: 가입 의사 확인, 로그인과 본인 확인, 비밀번호 재설정, 회원 탈퇴 처리</li>
            <li>
              서비스 제공: 회원이 등록한 상품의 게시와 관리, 찜 목록과 저장한 검색 조건의 보관과 새 소식 메일 발송, 도매처 정보 수정 요청의
              접수와 처리, 거래 후기와 위탁 조건 제보의 게시·확인
            </li>
            <li>안전한 운영: 반복되는 로그인 시도의 차단, 부정 이용 방지, 장애 원인 확인</li>
          </ul>
          <p>
            회원 가입과 서비스 제공에 필요한 처리는 이용 계약의 이행을 위한 것이고(「개인정보 보호법」 제15조 제1항 제4호), 안전한 운영을
            위한 처리는 운영자의 정당한 이익을 위해 필요한 범위에서만 합니다(같은 항 제6호).
          </p>
        </>
      ),
    },
    {
      id: "items",
      heading: "2. 처리하는 개인정보의 항목",
      body: (
        <>
          <LegalTable
            caption="처리하는 개인정보의 항목"
            head={["구분", "항목"]}
            rows={[
              ["회원 가입(필수)", "이메일 주소, 비밀번호(원래 값으로 되돌릴 수 없게 변환한 값만 저장합니다)"],
              [
                "가입 동의 내역",
                "동의한 항목(이용약관, 개인정보 수집·이용, 만 14세 이상, 새 소식 메일), 동의하거나 철회한 시각, 동의한 문구의 버전",
              ],
              ["로그인", "로그인 상태를 구별하는 세션 정보(접속한 IP 주소, 브라우저 종류(User-Agent), 만료 시각)"],
              ["상품 등록", "회원이 입력한 상품 정보(상품명, 이미지 주소, 설명, 가격, 판매 사이트 주소 등)와 등록한 계정"],
              ["찜 목록", "찜한 도매처와 찜한 시각"],
              ["찜 알림", "알림 수신 여부, 보낸 알림 메일의 날짜와 내용(찜한 도매처의 변경 사항)"],
              ["저장한 검색", "저장한 검색 조건과 저장한 시각, 새로 맞는 도매처와 보낸 메일의 날짜와 내용"],
              ["도매처 운영자 인증", "인증한 도매처, 인증 방법과 인증 코드를 확인한 사이트 주소, 인증 시각"],
              ["정보 수정 요청", "요청 사유와 내용, 보낸 시각, 로그인한 상태로 보낸 경우 보낸 계정"],
              ["거래 후기", "점수, 거래 시기, 후기 내용, 쓴 계정과 시각, 신고·게시 중단 요청·이의 신청의 사유"],
              ["위탁 조건 제보", "제보한 조건, 근거 주소, 확인한 날짜, 보낸 계정과 시각"],
              [
                "증빙(선택)",
                "주문번호 또는 송장번호, 거래 화면 캡처와 근거 화면 캡처(위치 정보 같은 부가 정보는 지우고 그림만 보관합니다)",
              ],
              ["비밀번호 재설정, 이메일 확인", "메일로 보내는 일회용 링크의 확인 값"],
              [
                "서비스 이용 중 자동 생성",
                "접속 기록(접속 일시, 요청한 페이지 주소, 처리 결과), 로그인·가입 시도 횟수를 세기 위한 IP 주소와 시도한 이메일 주소, 도매처 조회수를 하루에 한 번만 세기 위해 IP 주소와 브라우저 종류를 되돌릴 수 없게 변환한 값",
              ],
            ]}
          />
          <p>
            운영자는 이름, 전화번호, 주민등록번호, 결제 정보를 받지 않습니다. 회원이 등록한 상품 정보는 서비스에 공개되지만, 등록한 회원의
            이메일 주소는 공개하지 않습니다. 거래 후기는 계정마다 정해진 ‘셀러’와 네 글자의 별칭으로만 표시되며, 별칭으로 계정이나 이메일
            주소를 알아낼 수 없습니다. 증빙은 관리자만 보며 공개하지 않습니다.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      heading: "3. 개인정보의 처리 및 보유 기간",
      body: (
        <>
          <LegalTable
            caption="개인정보의 보유 기간"
            head={["항목", "보유 기간"]}
            rows={[
              [
                "회원 정보(이메일 주소, 비밀번호 변환 값), 가입 동의 내역, 등록한 상품, 찜 목록, 찜 알림 기록, 저장한 검색과 그 메일 기록, 도매처 운영자 인증, 거래 후기와 그 주문번호·송장번호",
                "회원 탈퇴 시까지",
              ],
              [
                "거래 화면 캡처, 근거 화면 캡처",
                "관리자가 확인하거나 반려한 날부터 30일(확인 결과와 그 날짜는 후기와 제보에 남습니다), 회원이 탈퇴하면 1시간 안에 파기",
              ],
              ["로그인 세션", "로그아웃할 때까지, 길어도 마지막으로 이용한 때부터 7일"],
              ["비밀번호 재설정 링크, 이메일 확인 링크", "한 번 사용할 때까지, 또는 각각 1시간, 24시간"],
              ["로그인·가입 시도 기록", "최대 1시간"],
              ["조회수 확인 값", "2일"],
              ["정보 수정 요청, 위탁 조건 제보", "도매처 정보의 변경 근거로 보관하며, 회원이 탈퇴하면 보낸 계정과의 연결을 지웁니다"],
              ["접속 기록", `${legal.accessLogDays}일`],
              ["데이터베이스 백업", `${legal.backupDays}일`],
            ]}
          />
          <p>
            삭제한 정보도 데이터베이스 백업에는 백업 보관 기간 동안 남아 있다가, 그 백업과 함께 파기됩니다. 거래 화면 캡처와 근거 화면
            캡처는 백업하지 않습니다.
          </p>
        </>
      ),
    },
    {
      id: "third-party",
      heading: "4. 개인정보의 제3자 제공",
      body: (
        <p>
          운영자는 개인정보를 제3자에게 제공하지 않습니다. 다만 법률에 특별한 규정이 있거나 수사기관이 법령에 정한 절차에 따라 요구하는
          경우에는 그에 따릅니다.
        </p>
      ),
    },
    {
      id: "processors",
      heading: "5. 개인정보 처리의 위탁",
      body: (
        <>
          <p>운영자는 서비스 운영을 위해 다음과 같이 개인정보 처리 업무를 맡기고 있습니다.</p>
          <LegalTable
            caption="개인정보 처리 위탁"
            head={["수탁자", "맡긴 업무", "처리 국가"]}
            rows={legal.processors.map((processor) => [processor.name, processor.task, processor.country])}
          />
          <p>
            위탁 계약에는 위탁 업무 외의 처리 금지, 안전성 확보 조치, 재위탁 제한, 관리·감독에 관한 사항을 정하고, 수탁자가 개인정보를
            안전하게 처리하는지 감독합니다. 수탁자나 맡긴 업무가 바뀌면 이 방침을 고쳐 알립니다.
          </p>
          {abroad.length > 0 ? (
            <>
              <p>다음 수탁자에게는 맡긴 업무를 위해 개인정보가 국외로 이전됩니다(「개인정보 보호법」 제28조의8).</p>
              <LegalTable
                caption="개인정보의 국외 이전"
                head={["이전받는 자(연락처)", "이전되는 국가", "이전되는 항목", "이전 시기와 방법", "이용 목적", "보유·이용 기간"]}
                rows={abroad.map((processor) => [
                  `${processor.name}(${processor.contact ?? ""})`,
                  processor.country,
                  processor.transferredItems ?? "",
                  processor.transferTiming ?? "",
                  processor.task,
                  processor.retention ?? "",
                ])}
              />
              <p>
                국외 이전을 원하지 않으면 아래 개인정보 보호책임자에게 이메일로 알리거나 내 계정에서 회원 탈퇴를 하면 됩니다. 이전을
                거부하면 그 업무가 필요한 회원 기능(가입, 로그인, 메일 받기)을 이용할 수 없습니다.
              </p>
            </>
          ) : (
            <p>개인정보를 국외로 이전하지 않습니다.</p>
          )}
        </>
      ),
    },
    {
      id: "destruction",
      heading: "6. 개인정보의 파기 절차 및 방법",
      body: (
        <>
          <p>
            보유 기간이 지나거나 처리 목적을 이룬 개인정보는 지체 없이 파기합니다. 전자 파일로만 보관하며, 데이터베이스에서 삭제해 되살릴 수
            없게 합니다.
          </p>
          <p>
            회원 탈퇴를 하면 계정, 로그인 세션, 등록한 상품, 찜 목록, 저장한 검색, 쓴 거래 후기를 한 번에 삭제하고, 올린 캡처 파일은 1시간
            안에 파기합니다. 정보 수정 요청과 위탁 조건 제보는 도매처 정보의 변경 근거이므로 보낸 사람을 알 수 없게 한 뒤 남겨 둡니다.
          </p>
        </>
      ),
    },
    {
      id: "rights",
      heading: "7. 정보주체의 권리·의무와 행사 방법",
      body: (
        <>
          <p>회원은 언제든지 자신의 개인정보를 열람하고, 정정·삭제나 처리 정지를 요구할 수 있습니다.</p>
          <ul>
            <li>
              <Link to="/account" className="text-blue-700 underline">
                내 계정
              </Link>
              에서 가입한 이메일 주소를 확인하고, 비밀번호를 바꾸고, 회원 탈퇴를 할 수 있습니다.
            </li>
            <li>
              직접 등록한 상품은{" "}
              <Link to="/products" className="text-blue-700 underline">
                상품 검색
              </Link>
              에서 고치거나 삭제할 수 있습니다.
            </li>
            <li>
              그 밖의 요구는 아래 개인정보 보호책임자에게 이메일로 보내 주세요. 법정대리인이나 위임을 받은 분을 통해서도 요구할 수 있습니다.
              요구를 받은 날부터 10일 안에 처리 결과를 알려 드립니다.
            </li>
          </ul>
          <p>서비스는 만 14세 미만 아동의 가입을 받지 않으며, 만 14세 미만 아동의 계정임을 알게 되면 그 계정을 삭제합니다.</p>
        </>
      ),
    },
    {
      id: "security",
      heading: "8. 개인정보의 안전성 확보 조치",
      body: (
        <ul>
          <li>비밀번호는 원래 값으로 되돌릴 수 없는 방식(scrypt)으로 변환해 저장하며, 운영자도 회원의 비밀번호를 알 수 없습니다.</li>
          {https ? <li>서비스와 브라우저 사이의 통신을 https로 암호화하고, 로그인 쿠키는 암호화된 연결에서만 보냅니다.</li> : null}
          <li>로그인 쿠키는 페이지의 스크립트가 읽을 수 없게 설정하고, 다른 사이트에서 보낸 요청으로는 정보를 바꿀 수 없게 합니다.</li>
          <li>같은 주소에서 로그인을 너무 자주 시도하거나 같은 계정으로 여러 번 실패하면 잠시 로그인을 막습니다.</li>
          <li>관리 기능은 관리자 권한이 있는 계정만 쓸 수 있고, 권한은 요청마다 서버에서 확인합니다.</li>
          <li>접속 기록을 보관해 비정상적인 접근을 확인합니다.</li>
        </ul>
      ),
    },
    {
      id: "cookies",
      heading: "9. 개인정보 자동 수집 장치(쿠키)의 설치·운영 및 거부",
      body: (
        <>
          <p>서비스는 다음 {wroteCookie ? "네" : "세"} 가지 쿠키만 사용합니다.</p>
          <ul>
            <li>로그인 쿠키: 로그인한 상태를 유지합니다. 로그아웃하면 바로, 그렇지 않아도 마지막으로 이용한 때부터 7일 안에 사라집니다.</li>
            <li>알림 쿠키: 저장이나 삭제 같은 작업의 결과를 다음 화면에 한 번 보여 주고, 1분 안에 사라집니다.</li>
            <li>비교 쿠키: 비교하려고 고른 도매처의 번호만 기억합니다. 비교 목록을 비우면 바로, 그렇지 않아도 30일 뒤에 사라집니다.</li>
            {wroteCookie ? (
              <li>
                저장 확인 쿠키: 저장이나 삭제 같은 작업을 한 뒤, 바뀐 내용이 다음 화면에 바로 보이게 합니다. 작업한 시각과 서비스가 만든
                쿠키임을 확인하는 서명 말고는 아무것도 담지 않으며 10초 뒤에 사라집니다.
              </li>
            ) : null}
          </ul>
          <p>
            광고나 이용 행태 분석을 위한 쿠키와 외부 분석 도구는 쓰지 않습니다. 화면의 광고를 누르면 광고주 사이트로 이동하며, 그
            사이트에서의 개인정보 처리는 그 사이트의 방침을 따릅니다.
          </p>
          <p>브라우저 설정에서 쿠키 저장을 거부할 수 있습니다. 다만 그렇게 하면 로그인이 필요한 기능을 쓸 수 없습니다.</p>
          <p>
            쿠키 말고도 브라우저의 세션 저장소(sessionStorage)에 두 가지를 잠시 둡니다. 비교나 찜 버튼을 누른 뒤 같은 화면의 보던 위치로
            돌아가기 위한 스크롤 위치(다음 화면에서 바로 지우고, 30초가 지나면 쓰지 않습니다)와, 이번 방문에서 글꼴을 이미 받았는지
            여부입니다. 어느 것도 서버로 보내지 않으며, 브라우저 탭을 닫으면 사라집니다.
          </p>
        </>
      ),
    },
    {
      id: "officer",
      heading: "10. 개인정보 보호책임자",
      body: (
        <>
          <p>
            개인정보 처리에 관한 문의, 불만, 피해 구제와 열람 청구는 다음 개인정보 보호책임자에게 연락해 주세요. 지체 없이 답변하고
            처리하겠습니다.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">성명</dt>
            <dd>{officer.name}</dd>
            <dt className="font-medium">직책</dt>
            <dd>{officer.position}</dd>
            <dt className="font-medium">이메일</dt>
            <dd>
              <a href={`mailto:${officer.email}`} className="text-blue-700 underline">
                {officer.email}
              </a>
            </dd>
            {officer.phone ? (
              <>
                <dt className="font-medium">전화</dt>
                <dd>{officer.phone}</dd>
              </>
            ) : null}
          </dl>
        </>
      ),
    },
    {
      id: "remedies",
      heading: "11. 권익침해 구제 방법",
      body: (
        <>
          <p>개인정보 침해로 인한 구제가 필요하면 다음 기관에 분쟁 조정이나 상담을 신청할 수 있습니다.</p>
          <ul>
            <li>개인정보분쟁조정위원회: 국번 없이 1833-6972 (www.kopico.go.kr)</li>
            <li>개인정보침해신고센터(한국인터넷진흥원): 국번 없이 118 (privacy.kisa.or.kr)</li>
            <li>대검찰청: 국번 없이 1301 (www.spo.go.kr)</li>
            <li>경찰청: 국번 없이 182 (ecrm.police.go.kr)</li>
          </ul>
        </>
      ),
    },
    {
      id: "changes",
      heading: "12. 개인정보처리방침의 변경",
      body: (
        <>
          <p>
            이 방침은 <time dateTime={legal.privacyEffectiveDate}>{koreanDate(legal.privacyEffectiveDate)}</time>부터 시행합니다. 내용을
            바꿀 때는 시행 7일 전부터 이 페이지에 알립니다.
          </p>
          {legal.privacyHistory.length > 0 ? (
            <ul>
              {legal.privacyHistory.map((change) => (
                <li key={change.date}>
                  <time dateTime={change.date}>{koreanDate(change.date)}</time> 시행: {change.summary}
                </li>
              ))}
            </ul>
          ) : (
            <p>이전 방침은 없습니다.</p>
          )}
        </>
      ),
    },
  ];

  return (
    <LegalDocument
      title="개인정보처리방침"
      intro={
        <p>
          「{siteName}」(이하 “서비스”)의 운영자인 {operator.companyName}(이하 “운영자”)는 「개인정보 보호법」에 따라 이용자의 개인정보를
          보호하고 관련 고충을 신속하게 처리하기 위해 다음과 같이 개인정보처리방침을 정하여 공개합니다.
        </p>
      }
      sections={sections}
      footer={
        <p>
          운영자: {operator.companyName} · 대표자: {operator.representative} · 주소: {operator.address} · 문의: {operator.email}
        </p>
      }
    />
  );
}
