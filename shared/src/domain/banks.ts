/**
 * Taiwan's banks by their 3-digit financial institution code (金融機構代碼), as players pick one
 * to transfer to (docs/ON-COURT.md, "Where to pay"): the common banks, Chunghwa Post and the
 * internet-only banks. A team whose bank is not listed types its code; the server accepts any
 * three digits.
 */
export interface TaiwanBank {
  code: string;
  /** The name Taiwanese apps show (short form). */
  zh: string;
  en: string;
}

export const TAIWAN_BANKS: readonly TaiwanBank[] = [
  { code: '004', zh: '臺灣銀行', en: 'Bank of Taiwan' },
  { code: '005', zh: '土地銀行', en: 'Land Bank of Taiwan' },
  { code: '006', zh: '合作金庫', en: 'Taiwan Cooperative Bank' },
  { code: '007', zh: '第一銀行', en: 'First Commercial Bank' },
  { code: '008', zh: '華南銀行', en: 'Hua Nan Commercial Bank' },
  { code: '009', zh: '彰化銀行', en: 'Chang Hwa Bank' },
  { code: '011', zh: '上海商銀', en: 'Shanghai Commercial & Savings Bank' },
  { code: '012', zh: '台北富邦', en: 'Taipei Fubon Bank' },
  { code: '013', zh: '國泰世華', en: 'Cathay United Bank' },
  { code: '016', zh: '高雄銀行', en: 'Bank of Kaohsiung' },
  { code: '017', zh: '兆豐銀行', en: 'Mega International Commercial Bank' },
  { code: '021', zh: '花旗銀行', en: 'Citibank Taiwan' },
  { code: '048', zh: '王道銀行', en: 'O-Bank' },
  { code: '050', zh: '臺灣企銀', en: 'Taiwan Business Bank' },
  { code: '052', zh: '渣打銀行', en: 'Standard Chartered Bank (Taiwan)' },
  { code: '053', zh: '台中銀行', en: 'Taichung Commercial Bank' },
  { code: '054', zh: '京城銀行', en: "King's Town Bank" },
  { code: '081', zh: '滙豐銀行', en: 'HSBC Bank (Taiwan)' },
  { code: '101', zh: '瑞興銀行', en: 'Taipei Star Bank' },
  { code: '102', zh: '華泰銀行', en: 'Hwatai Bank' },
  { code: '103', zh: '新光銀行', en: 'Shin Kong Commercial Bank' },
  { code: '108', zh: '陽信銀行', en: 'Sunny Bank' },
  { code: '118', zh: '板信銀行', en: 'Bank of Panhsin' },
  { code: '147', zh: '三信銀行', en: 'COTA Commercial Bank' },
  { code: '700', zh: '中華郵政', en: 'Chunghwa Post' },
  { code: '803', zh: '聯邦銀行', en: 'Union Bank of Taiwan' },
  { code: '805', zh: '遠東商銀', en: 'Far Eastern International Bank' },
  { code: '806', zh: '元大銀行', en: 'Yuanta Commercial Bank' },
  { code: '807', zh: '永豐銀行', en: 'Bank SinoPac' },
  { code: '808', zh: '玉山銀行', en: 'E.SUN Commercial Bank' },
  { code: '809', zh: '凱基銀行', en: 'KGI Bank' },
  { code: '810', zh: '星展銀行', en: 'DBS Bank (Taiwan)' },
  { code: '812', zh: '台新銀行', en: 'Taishin International Bank' },
  { code: '816', zh: '安泰銀行', en: 'EnTie Commercial Bank' },
  { code: '822', zh: '中國信託', en: 'CTBC Bank' },
  { code: '823', zh: '將來銀行', en: 'Next Bank' },
  { code: '824', zh: '連線銀行', en: 'LINE Bank' },
  { code: '826', zh: '樂天銀行', en: 'Rakuten International Commercial Bank' },
];

/** The bank of a code, if listed. */
export const bankOf = (code: string): TaiwanBank | undefined => TAIWAN_BANKS.find((b) => b.code === code);

/** The bank's name in a language: the Chinese name for zh-TW and ja (which read it), else the English one. */
export const bankName = (bank: TaiwanBank, language: string): string =>
  language === 'zh-TW' || language === 'ja' ? bank.zh : bank.en;

/**
 * The banks whose code or name (either language) holds the query, in code order: what the
 * details form's picker lists as the admin types ("8", "台新", "cathay").
 */
export function searchBanks(query: string): readonly TaiwanBank[] {
  const q = fold(query.trim());
  if (!q) return TAIWAN_BANKS;
  return TAIWAN_BANKS.filter((b) => b.code.includes(q) || fold(b.zh).includes(q) || fold(b.en).includes(q));
}

/** 臺 and 台 are one character to a reader; case does not matter. */
const fold = (text: string) => text.replace(/臺/g, '台').toLowerCase();
