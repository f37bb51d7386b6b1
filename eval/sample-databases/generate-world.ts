import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * Writes world.sql: countries, their cities and the languages spoken in them, in the table and
 * column names of MySQL's `world` sample (city, country, countrylanguage; CountryCode, IsOfficial,
 * LifeExpectancy, GNP), for a check set. The rows are written here by hand for 74 countries and
 * territories: names, codes, continents, regions and capitals are public facts; the figures
 * (populations around 2020, GNP in millions of US dollars, language shares) are rounded
 * approximations for testing, not a reference. Run it again after changing it:
 *   node eval/sample-databases/generate-world.ts
 */

// Code | Code2 | Name | LocalName | Continent | Region | SurfaceArea | IndepYear | Population | LifeExpectancy | GNP | GovernmentForm
const countryTable = `
FRA | FR | France | France | Europe | Western Europe | 551500 | 843 | 67391000 | 82.5 | 2630000 | Republic
DEU | DE | Germany | Deutschland | Europe | Western Europe | 357022 | 1955 | 83240000 | 81.0 | 3846000 | Federal Republic
GBR | GB | United Kingdom | United Kingdom | Europe | British Islands | 242900 | 1066 | 67215000 | 81.2 | 2760000 | Constitutional Monarchy
ITA | IT | Italy | Italia | Europe | Southern Europe | 301316 | 1861 | 59554000 | 83.0 | 1889000 | Republic
ESP | ES | Spain | España | Europe | Southern Europe | 505992 | 1492 | 47351000 | 83.3 | 1281000 | Constitutional Monarchy
PRT | PT | Portugal | Portugal | Europe | Southern Europe | 91982 | 1143 | 10305000 | 81.5 | 229000 | Republic
NLD | NL | Netherlands | Nederland | Europe | Western Europe | 41526 | 1581 | 17441000 | 82.0 | 913000 | Constitutional Monarchy
BEL | BE | Belgium | België/Belgique | Europe | Western Europe | 30518 | 1830 | 11555000 | 81.6 | 521000 | Constitutional Monarchy, Federation
CHE | CH | Switzerland | Schweiz/Suisse/Svizzera | Europe | Western Europe | 41284 | 1499 | 8636000 | 83.6 | 752000 | Federation
AUT | AT | Austria | Österreich | Europe | Western Europe | 83859 | 1918 | 8917000 | 81.5 | 433000 | Federal Republic
SWE | SE | Sweden | Sverige | Europe | Nordic Countries | 449964 | 836 | 10353000 | 82.7 | 541000 | Constitutional Monarchy
NOR | NO | Norway | Norge | Europe | Nordic Countries | 323877 | 1905 | 5379000 | 82.9 | 362000 | Constitutional Monarchy
DNK | DK | Denmark | Danmark | Europe | Nordic Countries | 43094 | 800 | 5831000 | 81.3 | 356000 | Constitutional Monarchy
FIN | FI | Finland | Suomi | Europe | Nordic Countries | 338145 | 1917 | 5530000 | 81.8 | 271000 | Republic
ISL | IS | Iceland | Ísland | Europe | Nordic Countries | 103000 | 1944 | 366000 | 83.0 | 21700 | Republic
POL | PL | Poland | Polska | Europe | Eastern Europe | 323250 | 1918 | 37950000 | 78.0 | 597000 | Republic
CZE | CZ | Czech Republic | Česko | Europe | Eastern Europe | 78866 | 1993 | 10698000 | 79.3 | 246000 | Republic
HUN | HU | Hungary | Magyarország | Europe | Eastern Europe | 93030 | 1918 | 9749000 | 76.7 | 156000 | Republic
ROU | RO | Romania | România | Europe | Eastern Europe | 238391 | 1878 | 19286000 | 75.6 | 249000 | Republic
UKR | UA | Ukraine | Ukrajina | Europe | Eastern Europe | 603700 | 1991 | 44134000 | 72.0 | 156000 | Republic
RUS | RU | Russian Federation | Rossija | Europe | Eastern Europe | 17075400 | 1991 | 144104000 | 72.6 | 1483000 | Federal Republic
GRC | GR | Greece | Elláda | Europe | Southern Europe | 131626 | 1830 | 10715000 | 81.5 | 189000 | Republic
IRL | IE | Ireland | Éire | Europe | British Islands | 70273 | 1921 | 4994000 | 82.3 | 426000 | Republic
EST | EE | Estonia | Eesti | Europe | Baltic Countries | 45227 | 1991 | 1331000 | 78.7 | 31000 | Republic
LUX | LU | Luxembourg | Lëtzebuerg | Europe | Western Europe | 2586 | 1867 | 632000 | 82.3 | 73000 | Constitutional Monarchy
CHN | CN | China | Zhongguo | Asia | Eastern Asia | 9572900 | -1523 | 1411100000 | 77.0 | 14723000 | People's Republic
JPN | JP | Japan | Nihon | Asia | Eastern Asia | 377829 | -660 | 125836000 | 84.6 | 5040000 | Constitutional Monarchy
KOR | KR | South Korea | Daehan Minguk | Asia | Eastern Asia | 99434 | 1948 | 51781000 | 83.4 | 1638000 | Republic
IND | IN | India | Bharat | Asia | Southern and Central Asia | 3287263 | 1947 | 1380004000 | 69.9 | 2668000 | Federal Republic
PAK | PK | Pakistan | Pakistan | Asia | Southern and Central Asia | 796095 | 1947 | 220892000 | 67.3 | 300000 | Islamic Republic
BGD | BD | Bangladesh | Bangladesh | Asia | Southern and Central Asia | 143998 | 1971 | 164689000 | 72.6 | 374000 | Republic
IRN | IR | Iran | Iran | Asia | Southern and Central Asia | 1648195 | 1906 | 83993000 | 76.7 | 240000 | Islamic Republic
IDN | ID | Indonesia | Indonesia | Asia | Southeast Asia | 1904569 | 1945 | 273524000 | 71.7 | 1058000 | Republic
PHL | PH | Philippines | Pilipinas | Asia | Southeast Asia | 300000 | 1946 | 109581000 | 71.2 | 362000 | Republic
VNM | VN | Vietnam | Việt Nam | Asia | Southeast Asia | 331689 | 1945 | 97339000 | 75.4 | 271000 | Socialistic Republic
THA | TH | Thailand | Prathet Thai | Asia | Southeast Asia | 513115 | 1350 | 69800000 | 77.2 | 500000 | Constitutional Monarchy
MYS | MY | Malaysia | Malaysia | Asia | Southeast Asia | 329758 | 1957 | 32366000 | 76.2 | 337000 | Constitutional Monarchy, Federation
SGP | SG | Singapore | Singapore | Asia | Southeast Asia | 618 | 1965 | 5686000 | 83.6 | 345000 | Republic
TUR | TR | Turkey | Türkiye | Asia | Middle East | 774815 | 1923 | 84339000 | 77.7 | 720000 | Republic
SAU | SA | Saudi Arabia | Al-Mamlaka al-Arabiya as-Saudiya | Asia | Middle East | 2149690 | 1932 | 34814000 | 75.1 | 703000 | Monarchy
ISR | IL | Israel | Yisra'el | Asia | Middle East | 21056 | 1948 | 9216000 | 82.8 | 413000 | Republic
ARE | AE | United Arab Emirates | Al-Imarat al-Arabiya al-Muttahida | Asia | Middle East | 83600 | 1971 | 9890000 | 78.0 | 359000 | Emirate Federation
USA | US | United States | United States | North America | North America | 9363520 | 1776 | 331449000 | 78.8 | 20937000 | Federal Republic
CAN | CA | Canada | Canada | North America | North America | 9970610 | 1867 | 38005000 | 82.3 | 1645000 | Constitutional Monarchy, Federation
GRL | GL | Greenland | Kalaallit Nunaat | North America | North America | 2166090 | - | 56000 | 71.8 | 3100 | Part of Denmark
MEX | MX | Mexico | México | North America | Central America | 1958201 | 1810 | 128933000 | 75.0 | 1090000 | Federal Republic
GTM | GT | Guatemala | Guatemala | North America | Central America | 108889 | 1821 | 16858000 | 74.1 | 77600 | Republic
CRI | CR | Costa Rica | Costa Rica | North America | Central America | 51100 | 1821 | 5094000 | 80.3 | 62000 | Republic
CUB | CU | Cuba | Cuba | North America | Caribbean | 110861 | 1902 | 11327000 | 78.8 | 107000 | Socialistic Republic
JAM | JM | Jamaica | Jamaica | North America | Caribbean | 10990 | 1962 | 2961000 | 74.5 | 13800 | Constitutional Monarchy
PRI | PR | Puerto Rico | Puerto Rico | North America | Caribbean | 8875 | - | 3194000 | 79.8 | 103000 | Commonwealth of the US
BRA | BR | Brazil | Brasil | South America | South America | 8547403 | 1822 | 212559000 | 75.9 | 1445000 | Federal Republic
ARG | AR | Argentina | Argentina | South America | South America | 2780400 | 1816 | 45376000 | 76.7 | 389000 | Federal Republic
CHL | CL | Chile | Chile | South America | South America | 756626 | 1810 | 19116000 | 80.2 | 253000 | Republic
COL | CO | Colombia | Colombia | South America | South America | 1138914 | 1810 | 50883000 | 77.3 | 271000 | Republic
PER | PE | Peru | Perú | South America | South America | 1285216 | 1821 | 32972000 | 76.7 | 202000 | Republic
VEN | VE | Venezuela | Venezuela | South America | South America | 912050 | 1811 | 28436000 | 72.1 | 47000 | Federal Republic
URY | UY | Uruguay | Uruguay | South America | South America | 175016 | 1828 | 3474000 | 77.9 | 56000 | Republic
BOL | BO | Bolivia | Bolivia | South America | South America | 1098581 | 1825 | 11673000 | 71.5 | 37000 | Republic
NGA | NG | Nigeria | Nigeria | Africa | Western Africa | 923768 | 1960 | 206140000 | 54.7 | 432000 | Federal Republic
GHA | GH | Ghana | Ghana | Africa | Western Africa | 238533 | 1957 | 31073000 | 64.1 | 72400 | Republic
SEN | SN | Senegal | Sénégal | Africa | Western Africa | 196722 | 1960 | 16744000 | 67.9 | 24500 | Republic
EGY | EG | Egypt | Misr | Africa | Northern Africa | 1001449 | 1922 | 102334000 | 72.0 | 365000 | Republic
MAR | MA | Morocco | Al-Maghrib | Africa | Northern Africa | 446550 | 1956 | 36911000 | 76.7 | 114000 | Constitutional Monarchy
DZA | DZ | Algeria | Al-Jaza'ir | Africa | Northern Africa | 2381741 | 1962 | 43851000 | 76.9 | 145000 | Republic
KEN | KE | Kenya | Kenya | Africa | Eastern Africa | 580367 | 1963 | 53771000 | 66.7 | 101000 | Republic
ETH | ET | Ethiopia | Ityop'iya | Africa | Eastern Africa | 1104300 | -1000 | 114964000 | 66.6 | 96600 | Federal Republic
TZA | TZ | Tanzania | Tanzania | Africa | Eastern Africa | 883749 | 1961 | 59734000 | 65.5 | 64400 | Republic
ZAF | ZA | South Africa | South Africa | Africa | Southern Africa | 1221037 | 1910 | 59309000 | 64.1 | 302000 | Republic
AUS | AU | Australia | Australia | Oceania | Australia and New Zealand | 7741220 | 1901 | 25687000 | 83.4 | 1331000 | Constitutional Monarchy, Federation
NZL | NZ | New Zealand | New Zealand/Aotearoa | Oceania | Australia and New Zealand | 270534 | 1907 | 5084000 | 82.3 | 212000 | Constitutional Monarchy
FJI | FJ | Fiji Islands | Fiji Islands | Oceania | Melanesia | 18274 | 1970 | 896000 | 67.4 | 4500 | Republic
PNG | PG | Papua New Guinea | Papua New Guinea | Oceania | Melanesia | 462840 | 1975 | 8947000 | 64.5 | 23600 | Constitutional Monarchy
ATA | AQ | Antarctica | Antarctica | Antarctica | Antarctica | 13120000 | - | 0 | - | 0 | Co-administrated
`;

// CountryCode: the capital first, then other cities as Name (District) Population; separated by ';'.
const cityTable = `
FRA: Paris (Île-de-France) 2148000; Marseille (Provence-Alpes-Côte d'Azur) 861000; Lyon (Auvergne-Rhône-Alpes) 513000; Toulouse (Occitanie) 479000; Nice (Provence-Alpes-Côte d'Azur) 342000
DEU: Berlin (Berlin) 3645000; Hamburg (Hamburg) 1841000; München (Bayern) 1472000; Köln (Nordrhein-Westfalen) 1086000; Frankfurt am Main (Hessen) 753000
GBR: London (England) 8982000; Birmingham (England) 1141000; Leeds (England) 793000; Glasgow (Scotland) 633000; Cardiff (Wales) 362000; Belfast (Northern Ireland) 343000
ITA: Roma (Lazio) 2873000; Milano (Lombardia) 1352000; Napoli (Campania) 959000; Torino (Piemonte) 870000
ESP: Madrid (Madrid) 3223000; Barcelona (Catalonia) 1620000; Valencia (Valencia) 791000; Sevilla (Andalusia) 688000
PRT: Lisboa (Lisboa) 505000; Porto (Porto) 231000
NLD: Amsterdam (Noord-Holland) 873000; Rotterdam (Zuid-Holland) 651000; Den Haag (Zuid-Holland) 545000
BEL: Bruxelles (Brussels) 185000; Antwerpen (Antwerpen) 529000; Gent (East Flanders) 263000
CHE: Bern (Bern) 134000; Zürich (Zürich) 421000; Genève (Genève) 203000
AUT: Wien (Wien) 1911000; Graz (Steiermark) 291000
SWE: Stockholm (Stockholm) 975000; Göteborg (Västra Götaland) 583000; Malmö (Skåne) 344000
NOR: Oslo (Oslo) 697000; Bergen (Vestland) 285000
DNK: København (København) 602000; Aarhus (Midtjylland) 285000
FIN: Helsinki (Uusimaa) 656000; Espoo (Uusimaa) 292000; Tampere (Pirkanmaa) 241000
ISL: Reykjavík (Höfuðborgarsvæði) 131000
POL: Warszawa (Mazowieckie) 1794000; Kraków (Malopolskie) 780000; Lódz (Lódzkie) 679000; Wroclaw (Dolnoslaskie) 642000
CZE: Praha (Hlavní mesto Praha) 1335000; Brno (Jizní Morava) 382000
HUN: Budapest (Budapest) 1752000; Debrecen (Hajdú-Bihar) 201000
ROU: Bucuresti (Bucuresti) 1883000; Cluj-Napoca (Cluj) 324000
UKR: Kyiv (Kyiv) 2967000; Kharkiv (Kharkiv) 1443000; Odesa (Odesa) 1017000
RUS: Moscow (Moscow (City)) 12506000; Saint Petersburg (Saint Petersburg) 5384000; Novosibirsk (Novosibirsk) 1625000; Yekaterinburg (Sverdlovsk) 1493000; Kazan (Tatarstan) 1257000
GRC: Athenai (Attika) 664000; Thessaloniki (Central Macedonia) 325000
IRL: Dublin (Leinster) 554000; Cork (Munster) 210000
EST: Tallinn (Harjumaa) 437000; Tartu (Tartumaa) 95000
LUX: Luxembourg (Luxembourg) 124000
CHN: Beijing (Beijing) 21540000; Shanghai (Shanghai) 24280000; Chongqing (Chongqing) 15870000; Chengdu (Sichuan) 16330000; Guangzhou (Guangdong) 15300000; Tianjin (Tianjin) 13870000; Shenzhen (Guangdong) 12530000; Wuhan (Hubei) 11080000
JPN: Tokyo (Tokyo-to) 13960000; Yokohama (Kanagawa) 3760000; Osaka (Osaka) 2750000; Nagoya (Aichi) 2320000; Sapporo (Hokkaido) 1970000
KOR: Seoul (Seoul) 9736000; Busan (Busan) 3429000; Incheon (Incheon) 2948000; Daegu (Daegu) 2438000
IND: New Delhi (Delhi) 302000; Mumbai (Maharashtra) 12442000; Delhi (Delhi) 11034000; Bangalore (Karnataka) 8443000; Hyderabad (Telangana) 6993000; Ahmedabad (Gujarat) 5570000; Chennai (Tamil Nadu) 4646000; Kolkata (West Bengal) 4496000; Pune (Maharashtra) 3124000
PAK: Islamabad (Islamabad) 1015000; Karachi (Sindh) 14910000; Lahore (Punjab) 11126000; Faisalabad (Punjab) 3204000
BGD: Dhaka (Dhaka) 8906000; Chittagong (Chittagong) 2592000; Khulna (Khulna) 664000
IRN: Tehran (Tehran) 8694000; Mashhad (Khorasan) 3001000; Isfahan (Isfahan) 1961000
IDN: Jakarta (Jakarta Raya) 10562000; Surabaya (East Java) 2874000; Bandung (West Java) 2444000; Medan (Sumatera Utara) 2435000
PHL: Manila (National Capital Reg) 1846000; Quezon (National Capital Reg) 2960000; Davao (Southern Mindanao) 1776000; Cebu (Central Visayas) 922000
VNM: Hanoi (Hanoi) 8054000; Ho Chi Minh City (Ho Chi Minh City) 8993000; Haiphong (Haiphong) 2029000
THA: Bangkok (Bangkok) 10539000; Nonthaburi (Nonthaburi) 255000; Chiang Mai (Chiang Mai) 131000
MYS: Kuala Lumpur (Wilayah Persekutuan) 1808000; Ipoh (Perak) 657000; Johor Baharu (Johor) 497000
SGP: Singapore (–) 5686000
TUR: Ankara (Ankara) 5663000; Istanbul (Istanbul) 15462000; Izmir (Izmir) 4367000; Bursa (Bursa) 3101000
SAU: Riyadh (Riyadh) 7677000; Jeddah (Makkah) 4697000; Mecca (Makkah) 2042000
ISR: Jerusalem (Jerusalem) 936000; Tel Aviv-Jaffa (Tel Aviv) 460000; Haifa (Haifa) 285000
ARE: Abu Dhabi (Abu Dhabi) 1483000; Dubai (Dubai) 3331000; Sharjah (Sharjah) 1274000
USA: Washington (District of Columbia) 690000; New York (New York) 8336000; Los Angeles (California) 3979000; Chicago (Illinois) 2693000; Houston (Texas) 2320000; Phoenix (Arizona) 1680000; Philadelphia (Pennsylvania) 1584000; San Antonio (Texas) 1547000; San Diego (California) 1424000; Dallas (Texas) 1343000; Austin (Texas) 978000; Seattle (Washington) 753000; Boston (Massachusetts) 692000
CAN: Ottawa (Ontario) 994000; Toronto (Ontario) 2731000; Montréal (Québec) 1705000; Calgary (Alberta) 1336000; Edmonton (Alberta) 981000; Vancouver (British Columbia) 675000
GRL: Nuuk (Kitaa) 18800
MEX: Ciudad de México (Distrito Federal) 9209000; Tijuana (Baja California) 1922000; Puebla (Puebla) 1692000; Guadalajara (Jalisco) 1385000; Monterrey (Nuevo León) 1142000
GTM: Ciudad de Guatemala (Guatemala) 1221000; Mixco (Guatemala) 465000
CRI: San José (San José) 342000; Limón (Limón) 58000
CUB: La Habana (La Habana) 2130000; Santiago de Cuba (Santiago de Cuba) 433000
JAM: Kingston (St. Andrew) 662000; Spanish Town (St. Catherine) 147000
PRI: San Juan (San Juan) 318000; Bayamón (Bayamón) 185000
BRA: Brasília (Distrito Federal) 3055000; São Paulo (São Paulo) 12325000; Rio de Janeiro (Rio de Janeiro) 6748000; Salvador (Bahia) 2887000; Fortaleza (Ceará) 2687000; Belo Horizonte (Minas Gerais) 2522000; Manaus (Amazonas) 2219000
ARG: Buenos Aires (Distrito Federal) 3076000; Córdoba (Córdoba) 1330000; Rosario (Santa Fe) 948000; La Plata (Buenos Aires) 654000
CHL: Santiago de Chile (Santiago) 5614000; Valparaíso (Valparaíso) 296000; Concepción (Bíobío) 223000
COL: Bogotá (Bogotá) 7413000; Medellín (Antioquia) 2427000; Cali (Valle) 2228000; Barranquilla (Atlántico) 1206000
PER: Lima (Lima) 9752000; Arequipa (Arequipa) 1008000; Trujillo (La Libertad) 919000
VEN: Caracas (Distrito Federal) 1943000; Maracaibo (Zulia) 1653000; Valencia (Carabobo) 1484000
URY: Montevideo (Montevideo) 1319000; Salto (Salto) 104000
BOL: La Paz (La Paz) 757000; Santa Cruz de la Sierra (Santa Cruz) 1454000; Cochabamba (Cochabamba) 630000; Sucre (Chuquisaca) 300000
NGA: Abuja (Federal Capital Dist) 1235000; Lagos (Lagos) 8048000; Ibadan (Oyo & Osun) 3160000; Kano (Kano) 2828000
GHA: Accra (Greater Accra) 2291000; Kumasi (Ashanti) 2069000
SEN: Dakar (Cap-Vert) 1146000; Touba (Diourbel) 753000
EGY: Cairo (Cairo) 9540000; Alexandria (Alexandria) 5200000; Giza (Giza) 4367000
MAR: Rabat (Rabat-Salé-Kénitra) 578000; Casablanca (Casablanca) 3359000; Fès (Fès-Meknès) 1112000; Marrakech (Marrakech-Safi) 929000
DZA: Alger (Alger) 2988000; Oran (Oran) 853000; Constantine (Constantine) 448000
KEN: Nairobi (Nairobi) 4397000; Mombasa (Coast) 1208000
ETH: Addis Abeba (Addis Abeba) 3384000; Dire Dawa (Dire Dawa) 440000
TZA: Dodoma (Dodoma) 411000; Dar es Salaam (Dar es Salaam) 4365000; Mwanza (Mwanza) 707000
ZAF: Pretoria (Gauteng) 741000; Johannesburg (Gauteng) 5635000; Cape Town (Western Cape) 4005000; Durban (KwaZulu-Natal) 595000
AUS: Canberra (Capital Region) 431000; Sydney (New South Wales) 5312000; Melbourne (Victoria) 5078000; Brisbane (Queensland) 2514000; Perth (West Australia) 2085000; Adelaide (South Australia) 1359000
NZL: Wellington (Wellington) 215000; Auckland (Auckland) 1657000; Christchurch (Canterbury) 381000
FJI: Suva (Central) 94000; Nadi (Western) 42000
PNG: Port Moresby (National Capital Dist) 364000; Lae (Morobe) 100000
`;

// CountryCode: Language T|F (official or not) Percentage; separated by ';'.
const languageTable = `
FRA: French T 93.6; Arabic F 2.5; Portuguese F 1.2
DEU: German T 91.3; Turkish F 2.6; Italian F 0.7
GBR: English T 97.3; Welsh F 0.9; Gaelic F 0.1
ITA: Italian T 94.1; Sardinian F 2.7; German F 0.5
ESP: Spanish T 74.4; Catalan F 16.9; Galician F 6.4; Basque F 1.6
PRT: Portuguese T 99.0
NLD: Dutch T 95.6; Frisian F 3.7; Arabic F 0.9
BEL: Dutch T 59.2; French T 32.6; Italian F 2.4; German T 1.0
CHE: German T 63.6; French T 19.2; Italian T 7.7; Romansh T 0.6
AUT: German T 92.0; Serbo-Croatian F 2.2; Turkish F 1.5
SWE: Swedish T 89.5; Finnish F 2.4; Arabic F 1.0
NOR: Norwegian T 96.6; English F 0.5; Sami F 0.4
DNK: Danish T 93.5; Turkish F 0.8; German F 0.5
FIN: Finnish T 87.3; Swedish T 5.2; Russian F 1.5
ISL: Icelandic T 95.7; English F 1.1
POL: Polish T 97.6; German F 1.3; Ukrainian F 0.6
CZE: Czech T 81.2; Moravian F 12.9; Slovak F 3.1
HUN: Hungarian T 98.5; Romani F 0.5; German F 0.4
ROU: Romanian T 90.7; Hungarian F 7.2; Romani F 0.7
UKR: Ukrainian T 64.7; Russian F 32.9
RUS: Russian T 86.6; Tatar F 3.2; Ukrainian F 1.3; Chuvash F 0.9
GRC: Greek T 98.5; Turkish F 0.9
IRL: English T 98.4; Irish T 1.6
EST: Estonian T 65.3; Russian F 31.8
LUX: Luxembourgish T 64.4; Portuguese F 13.0; French T 4.2; German T 2.3
CHN: Chinese T 92.0; Zhuang F 1.4; Uighur F 0.6; Tibetan F 0.4
JPN: Japanese T 99.1; Korean F 0.5
KOR: Korean T 99.9
IND: Hindi T 43.6; Bengali F 8.0; Marathi F 6.9; Telugu F 6.7; Tamil F 5.7; English T 0.1
PAK: Punjabi F 38.8; Pashto F 18.2; Sindhi F 14.6; Urdu T 7.6; English T 0.1
BGD: Bengali T 97.7; Chakma F 0.4
IRN: Persian T 45.7; Azerbaijani F 16.8; Kurdish F 9.1; Luri F 4.3
IDN: Javanese F 31.8; Indonesian T 22.0; Sundanese F 15.6; Malay F 3.7
PHL: Filipino T 28.2; Cebuano F 21.3; Ilocano F 9.3; English T 0.1
VNM: Vietnamese T 86.8; Tho F 1.8; Chinese F 1.0
THA: Thai T 52.6; Lao F 26.9; Chinese F 12.1; Malay F 3.6
MYS: Malay T 58.4; Chinese F 9.0; Tamil F 3.9; English F 1.6
SGP: Chinese T 77.1; Malay T 14.1; Tamil T 7.4; English T 2.0
TUR: Turkish T 87.6; Kurdish F 10.6; Arabic F 1.4
SAU: Arabic T 95.0
ISR: Hebrew T 63.1; Arabic F 18.0; Russian F 8.9
ARE: Arabic T 42.0; Hindi F 8.0; Urdu F 7.0
USA: English T 78.2; Spanish F 13.4; Chinese F 1.1; French F 0.4
CAN: English T 56.0; French T 21.4; Chinese F 3.0; Punjabi F 1.5
GRL: Greenlandic T 87.5; Danish T 12.5
MEX: Spanish T 93.0; Nahuatl F 1.4; Yucatec F 0.6; Mixtec F 0.4
GTM: Spanish T 64.7; Quiché F 10.1; Cakchiquel F 8.9; Kekchí F 4.9
CRI: Spanish T 97.5; Creole English F 2.0
CUB: Spanish T 100.0
JAM: Creole English F 94.0; English T 5.0
PRI: Spanish T 95.7; English T 4.3
BRA: Portuguese T 97.5; German F 0.5; Italian F 0.4; Indian Languages F 0.2
ARG: Spanish T 96.8; Italian F 1.7; Indian Languages F 0.3
CHL: Spanish T 95.9; Mapudungun F 1.0
COL: Spanish T 99.0; Chibcha F 0.4
PER: Spanish T 79.8; Quechua T 16.4; Aimará T 2.3
VEN: Spanish T 96.9; Goajiro F 0.4; Warrau F 0.1
URY: Spanish T 95.7; Portuguese F 2.4
BOL: Spanish T 60.7; Quechua T 21.2; Aimará T 14.6; Guaraní T 0.1
NGA: Hausa F 30.0; Yoruba F 21.4; Igbo F 18.1; Fulfulde F 5.0; English T 1.0
GHA: Akan F 52.4; Mossi F 15.8; Ewe F 11.9; English T 1.0
SEN: Wolof F 48.1; Pulaar F 22.7; Serer F 12.5; French T 1.0
EGY: Arabic T 98.8; Nubian F 0.3
MAR: Arabic T 65.0; Tamazight T 33.0
DZA: Arabic T 86.0; Tamazight T 14.0
KEN: Kikuyu F 20.9; Luhya F 13.8; Luo F 12.8; Kalenjin F 11.4; Swahili T 2.0; English T 1.0
ETH: Oromo F 33.8; Amharic T 29.3; Somali F 6.2; Tigrinya F 5.9
TZA: Sukuma F 16.0; Swahili T 10.0; English T 1.0
ZAF: Zulu T 22.7; Xhosa T 16.0; Afrikaans T 13.5; English T 9.6; Northern Sotho T 9.1; Tswana T 8.0; Sotho T 7.6
AUS: English T 81.2; Chinese F 2.5; Italian F 1.5; Arabic F 1.4
NZL: English T 87.0; Maori T 4.3
FJI: Fijian T 50.8; Hindi T 43.7; English T 1.0
PNG: Papuan Languages F 78.1; Tok Pisin T 2.0; English T 1.0
`;

const quote = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
const optional = (value: string) => (value === '-' ? null : value);
const entriesOf = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => {
      const [code = '', rest = ''] = line.split(': ');
      return { code, items: rest.split('; ') };
    });

const lines: string[] = [
  '-- Generated by generate-world.ts; do not edit by hand.',
  'BEGIN TRANSACTION;',
  "CREATE TABLE country (Code CHAR(3) PRIMARY KEY, Name TEXT NOT NULL, Continent TEXT NOT NULL DEFAULT 'Asia' CHECK (Continent IN ('Asia', 'Europe', 'North America', 'Africa', 'Oceania', 'Antarctica', 'South America')), Region TEXT NOT NULL, SurfaceArea REAL NOT NULL, IndepYear INTEGER, Population INTEGER NOT NULL, LifeExpectancy REAL, GNP REAL, LocalName TEXT NOT NULL, GovernmentForm TEXT NOT NULL, Capital INTEGER REFERENCES city (ID), Code2 CHAR(2) NOT NULL);",
  'CREATE TABLE city (ID INTEGER PRIMARY KEY, Name TEXT NOT NULL, CountryCode CHAR(3) NOT NULL REFERENCES country (Code), District TEXT NOT NULL, Population INTEGER NOT NULL);',
  "CREATE TABLE countrylanguage (CountryCode CHAR(3) NOT NULL REFERENCES country (Code), Language TEXT NOT NULL, IsOfficial TEXT NOT NULL DEFAULT 'F' CHECK (IsOfficial IN ('T', 'F')), Percentage REAL NOT NULL, PRIMARY KEY (CountryCode, Language));",
];
const insert = (table: string, values: (string | number | null)[]) =>
  lines.push(`INSERT INTO ${table} VALUES(${values.map(quote).join(',')});`);

// Cities first, so each country knows its capital's ID.
const capitals = new Map<string, number>();
const cities: (string | number)[][] = [];
for (const { code, items } of entriesOf(cityTable)) {
  for (const item of items) {
    const match = /^(.+) \((.+)\) (\d+)$/.exec(item);
    if (match === null) throw new Error(`Cannot read the city ${item}`);
    const [, name = '', district = '', population = ''] = match;
    const id = cities.length + 1;
    if (!capitals.has(code)) capitals.set(code, id);
    cities.push([id, name, code, district, Number(population)]);
  }
}
for (const line of countryTable.trim().split('\n')) {
  const [code = '', code2 = '', name = '', local = '', continent = '', region = '', ...figures] =
    line.split(' | ');
  const [surface = '', independence = '', population = '', life = '', gnp = '', government = ''] = figures;
  insert('country', [
    code,
    name,
    continent,
    region,
    Number(surface),
    optional(independence) === null ? null : Number(independence),
    Number(population),
    optional(life) === null ? null : Number(life),
    Number(gnp),
    local,
    government,
    capitals.get(code) ?? null,
    code2,
  ]);
}
for (const city of cities) insert('city', city);
for (const { code, items } of entriesOf(languageTable)) {
  for (const item of items) {
    const match = /^(.+) ([TF]) ([\d.]+)$/.exec(item);
    if (match === null) throw new Error(`Cannot read the language ${item}`);
    const [, language = '', official = '', share = ''] = match;
    insert('countrylanguage', [code, language, official, Number(share)]);
  }
}
lines.push('COMMIT;');

const target = fileURLToPath(new URL('world.sql', import.meta.url));
writeFileSync(target, `${lines.join('\n')}\n`);
console.log(`Wrote ${target}`);
