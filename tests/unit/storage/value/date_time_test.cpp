// date and timestamp input, output and arithmetic. Expected texts were printed
// by PostgreSQL 15.18 (DateStyle ISO, MDY) for the same literal or expression:
// 'text'::date, 'text'::timestamp, date + integer, date - date,
// date/timestamp +/- interval, timestamp - timestamp, make_date(...).
#include "storage/value/date_time.h"

#include "storage/value/statement_clock.h"
#include "storage/value/time_zone.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

namespace {

struct BinaryCase {
  const char* left;
  const char* right;
  const char* expected;
};

}  // namespace

TEST_CASE("date input and ISO output", "[date_time]") {
  const Expectation cases[] = {
      {"1998-12-01", "1998-12-01"},
      {" 1998-12-01 ", "1998-12-01"},
      {"0044-03-15 BC", "0044-03-15 BC"},
      {"10000-01-01", "10000-01-01"},
      {"5874897-12-31", "5874897-12-31"},
      {"4713-01-01 BC", "4713-01-01 BC"},
      {"infinity", "infinity"},
      {"-infinity", "-infinity"},
      {"epoch", "1970-01-01"},
      {"19981201", "1998-12-01"},
      {"12/01/1998", "1998-12-01"},
      {"1998-12-01 10:20:30", "1998-12-01"},
      {"1998-1-5", "1998-01-05"},
      {"044-03-15", "0044-03-15"},
      {"0044-03-15 AD", "0044-03-15"},
      {"1-1-1", "2001-01-01"},
      {"12-01-1998", "1998-12-01"},
      {"12/01/98", "1998-12-01"},
      {"1998/12/01", "1998-12-01"},
      {" infinity ", "infinity"},
      {"INFINITY", "infinity"},
      {"+infinity", "ERROR 22007: invalid input syntax for type date: \"+infinity\""},
      {"2020-13-01",
       "ERROR 22008: date/time field value out of range: \"2020-13-01\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"2020-02-30", "ERROR 22008: date/time field value out of range: \"2020-02-30\""},
      {"2021-02-29", "ERROR 22008: date/time field value out of range: \"2021-02-29\""},
      {"2020-02-29", "2020-02-29"},
      {"0000-01-01", "ERROR 22008: date/time field value out of range: \"0000-01-01\""},
      {"5874898-01-01", "ERROR 22008: date out of range: \"5874898-01-01\""},
      {"4714-11-23 BC", "ERROR 22008: date out of range: \"4714-11-23 BC\""},
      {"4714-11-24 BC", "4714-11-24 BC"},
      {"abc", "ERROR 22007: invalid input syntax for type date: \"abc\""},
      {"", "ERROR 22007: invalid input syntax for type date: \"\""},
      {"2020-01-01x", "ERROR 22007: invalid input syntax for type date: \"2020-01-01x\""},
      {"98-12-01",
       "ERROR 22008: date/time field value out of range: \"98-12-01\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"44-03-15",
       "ERROR 22008: date/time field value out of range: \"44-03-15\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"2020-01-32",
       "ERROR 22008: date/time field value out of range: \"2020-01-32\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"2020-00-10",
       "ERROR 22008: date/time field value out of range: \"2020-00-10\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"2020-01-00",
       "ERROR 22008: date/time field value out of range: \"2020-01-00\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"1998-12-01 25:00:00",
       "ERROR 22008: date/time field value out of range: \"1998-12-01 25:00:00\""},
      {"1998-12-01 BC", "1998-12-01 BC"},
      {"1900-02-29", "ERROR 22008: date/time field value out of range: \"1900-02-29\""},
      {"2000-02-29", "2000-02-29"},
      {"2100-02-28", "2100-02-28"},
      {"1970-01-01", "1970-01-01"},
      {"1969-12-31", "1969-12-31"},
      {"0001-01-01", "0001-01-01"},
      {"0001-01-01 BC", "0001-01-01 BC"},
      {"1998-12-01T10:20:30", "1998-12-01"},
      {"1998-12-01 10:20:30+02", "1998-12-01"},
      {"2020-1-1 bc", "2020-01-01 BC"},
      {"12-31-69", "2069-12-31"},
      {"12-31-70", "1970-12-31"},
      {"1998-12-01 abc", "ERROR 22007: invalid input syntax for type date: \"1998-12-01 abc\""},
      {"1998-12-01 10:20:30 UTC", "1998-12-01"},
      {"20201301",
       "ERROR 22008: date/time field value out of range: \"20201301\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"1998.12.01", "1998-12-01"},
      {"00490308T16:43.83741078", "0049-03-08"},
      {"02851125 20:46:55", "0285-11-25"},
      {"135605-08-00 BC",
       "ERROR 22008: date/time field value out of range: \"135605-08-00 BC\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"9-28-88", "1988-09-28"},
      {"128895-06-04T15:12:40.5132483", "128895-06-04"},
      {"3/21/3 BC", "0003-03-21 BC"},
      {"0033-07-18 25:32:22+0530",
       "ERROR 22008: date/time field value out of range: \"0033-07-18 25:32:22+0530\""},
      {"707.04.26 09:44:49+0530", "0707-04-26"},
      {"7/12/1059", "1059-07-12"},
      {"5-13-33 25:24:15", "ERROR 22008: date/time field value out of range: \"5-13-33 25:24:15\""},
      {"0029-08-00T11:22.39228027 UTC",
       "ERROR 22008: date/time field value out of range: \"0029-08-00T11:22.39228027 UTC\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"0133-07-09T18:16:59.33337291", "0133-07-09"},
      {"0138-07-13 BC", "0138-07-13 BC"},
      {"0050-08-23", "0050-08-23"},
      {"34300104", "3430-01-04"},
      {"165054.05.25", "165054-05-25"},
      {"0363-07-12", "0363-07-12"},
      {"302.04.28 10:25:15.97276826-08:00", "0302-04-28"},
      {"0401-05-12T01:18 UTC", "0401-05-12"},
      {"3/14/687", "0687-03-14"},
      {"2990-05-13 01:49:11", "2990-05-13"},
      {"0413-12-27T00:11", "0413-12-27"},
      {"0063-00-30T20:48:03.42190497",
       "ERROR 22008: date/time field value out of range: \"0063-00-30T20:48:03.42190497\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"3-3-84", "1984-03-03"},
      {"10888-05-14 09:11:37.15899910", "10888-05-14"},
      {"2-31-23 25:17:48", "ERROR 22008: date/time field value out of range: \"2-31-23 25:17:48\""},
      {"0197-05-30", "0197-05-30"},
      {"0620-07-00",
       "ERROR 22008: date/time field value out of range: \"0620-07-00\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"77811219", "7781-12-19"},
      {"0097-06-04 02:49:51.28735063 UTC", "0097-06-04"},
      {"8-0-50",
       "ERROR 22008: date/time field value out of range: \"8-0-50\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"0714-06-21 BC", "0714-06-21 BC"},
      {"1-17-80T10:01:01.22868609", "1980-01-17"},
      {"1895-10-19 09:04:29+0530 BC", "1895-10-19 BC"},
      {"2-31-50", "ERROR 22008: date/time field value out of range: \"2-31-50\""},
      {"0363-05-23T18:27:53.11051127", "0363-05-23"},
      {"0/4/846 01:13",
       "ERROR 22008: date/time field value out of range: \"0/4/846 01:13\" HINT: Perhaps you need "
       "a different \"datestyle\" setting."},
      {"0577-13-18",
       "ERROR 22008: date/time field value out of range: \"0577-13-18\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"6578-13-16 18:44",
       "ERROR 22008: date/time field value out of range: \"6578-13-16 18:44\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"19383.05.01T07:25:28.2078953-08:00", "19383-05-01"},
      {"7805-06-08", "7805-06-08"},
      {"47268.04.27T20:37:00", "47268-04-27"},
      {"123757-02-23T12:53.74275741", "123757-02-23"},
      {"18530920", "1853-09-20"},
      {"190728-11-04T16:35", "190728-11-04"},
      {"0037-06-17", "0037-06-17"},
      {"00261325 05:60.34039643 BC",
       "ERROR 22008: date/time field value out of range: \"00261325 05:60.34039643 BC\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"13-15-28",
       "ERROR 22008: date/time field value out of range: \"13-15-28\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"129/7/13 1:52.7871386", "0129-07-13"},
      {"0006-08-63 16:00:32.6358116",
       "ERROR 22008: date/time field value out of range: \"0006-08-63 16:00:32.6358116\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"24/3/1 17:25:10.2210130",
       "ERROR 22008: date/time field value out of range: \"24/3/1 17:25:10.2210130\" HINT: Perhaps "
       "you need a different \"datestyle\" setting."},
      {"667/5/31 27:19.8430508", "0667-05-31"},
      {"3863/9/15 33:12.9078286", "3863-09-15"},
      {"0029-01-23 8:17:40", "0029-01-23"},
      {"4/5/3 16:21:34.3703981", "2003-04-05"},
      {"12/20/85 0:39", "1985-12-20"},
      {"0005-10-08 2:34:12", "0005-10-08"},
      {"0003-21-79 5:54",
       "ERROR 22008: date/time field value out of range: \"0003-21-79 5:54\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"0005-19-37 23:48:60",
       "ERROR 22008: date/time field value out of range: \"0005-19-37 23:48:60\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"0006-07-08 25:45.7990589", "0006-07-08"},
      {"10/2/1655 14:45:60.6562988", "1655-10-02"},
      {"6855/2/19 5:56:06.2670948", "6855-02-19"},
      {"3000/6/21 35:08.8105691", "3000-06-21"},
      {"9921-12-06 11:58:32.6426725", "9921-12-06"},
      {"0006-30-8718 48:18.7232571",
       "ERROR 22008: date/time field value out of range: \"0006-30-8718 48:18.7232571\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"954/10/15 16:06:40.2428730", "0954-10-15"},
      {"0005-16-24 1:16:16",
       "ERROR 22008: date/time field value out of range: \"0005-16-24 1:16:16\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"122/5/19 5:10:47", "0122-05-19"},
      {"0004-29-70 59:34.3616173",
       "ERROR 22008: date/time field value out of range: \"0004-29-70 59:34.3616173\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"0002-01-87 23:17:41",
       "ERROR 22008: date/time field value out of range: \"0002-01-87 23:17:41\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"1/31/53 22:06", "2053-01-31"},
      {"0055-06-17 8:30:38", "0055-06-17"},
      {"0049-10-02 1:19", "0049-10-02"},
      {"0035-04-19 41:01.7039917", "0035-04-19"},
      {"0006-27-4217 16:43:60.895123",
       "ERROR 22008: date/time field value out of range: \"0006-27-4217 16:43:60.895123\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"5481/2/21 8:29:22.5300976", "5481-02-21"},
      {"7/16/80 20:38:13", "1980-07-16"},
      {"0732-07-25 57:45.7003593", "0732-07-25"},
      {"0010-06-8233 5:11",
       "ERROR 22008: date/time field value out of range: \"0010-06-8233 5:11\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"4/27/6167 16:29:52.1510320", "6167-04-27"},
      {"4/13/30 23:45:07", "2030-04-13"},
      {"3/24/653 13:56.3098317", "0653-03-24"},
      {"0353-09-19 23:34", "0353-09-19"},
      {"1/10/378 15:22:56.9032912", "0378-01-10"},
      {"0006-08-2868 18:31:13.8215278",
       "ERROR 22008: date/time field value out of range: \"0006-08-2868 18:31:13.8215278\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"9535/12/10 9:49:44.8040259", "9535-12-10"},
      {"90/11/17 22:16:41.2608241",
       "ERROR 22008: date/time field value out of range: \"90/11/17 22:16:41.2608241\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"952/8/19 14:04:29", "0952-08-19"},
      {"0006-08-91 2:38",
       "ERROR 22008: date/time field value out of range: \"0006-08-91 2:38\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"79/5/31 0:30:00",
       "ERROR 22008: date/time field value out of range: \"79/5/31 0:30:00\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"5/5/355 2:30", "0355-05-05"},
      {"22/8/25 28:51.2712423",
       "ERROR 22008: date/time field value out of range: \"22/8/25 28:51.2712423\" HINT: Perhaps "
       "you need a different \"datestyle\" setting."},
      {"7222-02-28 10:03", "7222-02-28"},
      {"5/31/53 24:06:50.4906786",
       "ERROR 22008: date/time field value out of range: \"5/31/53 24:06:50.4906786\""},
      {"4758-11-26 19:20", "4758-11-26"},
      {"0003-08-28 1:57", "0003-08-28"},
      {"0010-01-51 24:05:12",
       "ERROR 22008: date/time field value out of range: \"0010-01-51 24:05:12\""},
      {"0062-06-19 24:55", "ERROR 22008: date/time field value out of range: \"0062-06-19 24:55\""},
      {"0011-12-26 14:26.999153", "0011-12-26"},
  };
  for (const Expectation& c : cases) {
    INFO("'" << c.input << "'::date");
    CHECK(outcome([&] { return format_date(parse_date(c.input)); }) == c.expected);
  }
}

TEST_CASE("timestamp input and ISO output", "[date_time]") {
  const Expectation cases[] = {
      {"1998-12-01 10:20:30.5", "1998-12-01 10:20:30.5"},
      {"1998-12-01 10:20:30", "1998-12-01 10:20:30"},
      // Run-together dates and times, Julian day numbers (DecodeNumberField, "J" fields).
      {"20011227 040506", "2001-12-27 04:05:06"},
      {"20011227 040506.789", "2001-12-27 04:05:06.789"},
      {"20011227 040506-08", "2001-12-27 04:05:06"},
      {"20011227T040506", "2001-12-27 04:05:06"},
      {"20011227T040506.789-08", "2001-12-27 04:05:06.789"},
      {"19970210 0405", "1997-02-10 04:05:00"},
      {"2001-12-27 256101", "2001-12-28 02:01:01"},
      {"Dec 27 2001 0405, PST", "2001-12-27 04:05:00"},
      {"J2452271", "2001-12-27 00:00:00"},
      {"J2452271.5", "2001-12-27 12:00:00"},
      {"J2452271 04:05:06", "2001-12-27 04:05:06"},
      {"J2452271T040506", "2001-12-27 04:05:06"},
      {"J0", "4714-11-24 00:00:00 BC"},
      {"J1520447", "0551-09-28 00:00:00 BC"},
      {"J2452271.5 BC", "2001-12-27 12:00:00"},
      {"J12345678901", "ERROR 22008: date/time field value out of range: \"J12345678901\""},
      {"today tomorrow", "ERROR 22007: invalid input syntax for type timestamp: \"today tomorrow\""},
      {"2001-12-27 today", "ERROR 22007: invalid input syntax for type timestamp: \"2001-12-27 today\""},
      {"1998-12-01", "1998-12-01 00:00:00"},
      {"1998-12-01T10:20:30.123456789", "1998-12-01 10:20:30.123457"},
      {"1998-12-01 24:00:00", "1998-12-02 00:00:00"},
      {"1998-12-31 23:59:60", "1999-01-01 00:00:00"},
      {"1998-12-01 10:20", "1998-12-01 10:20:00"},
      {"1998-12-01 10:20:30+02", "1998-12-01 10:20:30"},
      {"1998-12-01 10:20:30Z", "1998-12-01 10:20:30"},
      {"1998-12-01 10:20:30.000100", "1998-12-01 10:20:30.0001"},
      {"0044-03-15 10:00:00 BC", "0044-03-15 10:00:00 BC"},
      {"294276-12-31 23:59:59.999999", "294276-12-31 23:59:59.999999"},
      {"infinity", "infinity"},
      {"-Infinity", "-infinity"},
      {"epoch", "1970-01-01 00:00:00"},
      {"1998-12-01 10:20:30.9999995", "1998-12-01 10:20:31"},
      {"1998-12-01 25:00:00",
       "ERROR 22008: date/time field value out of range: \"1998-12-01 25:00:00\""},
      {"1998-12-01 24:00:01",
       "ERROR 22008: date/time field value out of range: \"1998-12-01 24:00:01\""},
      {"1998-12-01 10:60:00",
       "ERROR 22008: date/time field value out of range: \"1998-12-01 10:60:00\""},
      {"1998-12-01 10:20:61",
       "ERROR 22008: date/time field value out of range: \"1998-12-01 10:20:61\""},
      {"294277-01-01 00:00:00", "ERROR 22008: timestamp out of range: \"294277-01-01 00:00:00\""},
      {"1998-12-01 10:20:30 abc",
       "ERROR 22007: invalid input syntax for type timestamp: \"1998-12-01 10:20:30 abc\""},
      {"abc", "ERROR 22007: invalid input syntax for type timestamp: \"abc\""},
      {"1998-12-01 10:20:30 UTC", "1998-12-01 10:20:30"},
      {"1998-12-01 10:20:30 -08:00", "1998-12-01 10:20:30"},
      {"1998-12-01 10:20:30.5 +0530", "1998-12-01 10:20:30.5"},
      {"1998-12-01 10:20:30.5 BC", "1998-12-01 10:20:30.5 BC"},
      {"1998-12-01 23:59:59.9999999", "1998-12-02 00:00:00"},
      {"1998-12-01 1:2:3", "1998-12-01 01:02:03"},
      {"1998-12-01 1:2:3.", "1998-12-01 01:02:03"},
      {"1998-12-01  01:02", "1998-12-01 01:02:00"},
      {"1998-12-01 01", "ERROR 22007: invalid input syntax for type timestamp: \"1998-12-01 01\""},
      {"1998-12-01 ab", "ERROR 22007: invalid input syntax for type timestamp: \"1998-12-01 ab\""},
      {"4714-11-24 00:00:00 BC", "4714-11-24 00:00:00 BC"},
      {"4714-11-23 23:59:59 BC", "ERROR 22008: timestamp out of range: \"4714-11-23 23:59:59 BC\""},
      {"1998-12-01 10:20:30.0000005", "1998-12-01 10:20:30"},
      {"1998-12-01 10:20:30.0000015", "1998-12-01 10:20:30.000002"},
      {"2000-01-01 00:00:00.000001", "2000-01-01 00:00:00.000001"},
      {"1999-12-31 23:59:59.999999", "1999-12-31 23:59:59.999999"},
      {"1998-12-01 10:20:30.123", "1998-12-01 10:20:30.123"},
      {"1998-12-01 00:00:00 AD", "1998-12-01 00:00:00"},
      {"1998-12-01T10:20", "1998-12-01 10:20:00"},
      {"1998-12-01 10:20:30+02:00", "1998-12-01 10:20:30"},
      {"1998-12-01 10:20:30-0800", "1998-12-01 10:20:30"},
      {"7571-05-08", "7571-05-08 00:00:00"},
      {"10/4/16 10:13:21", "2016-10-04 10:13:21"},
      {"228542-08-18 25:19:02",
       "ERROR 22008: date/time field value out of range: \"228542-08-18 25:19:02\""},
      {"0/32/2060 19:38 BC",
       "ERROR 22008: date/time field value out of range: \"0/32/2060 19:38 BC\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"00791101", "0079-11-01 00:00:00"},
      {"0453-08-15T10:39:56.83868172", "0453-08-15 10:39:56.838682"},
      {"0287-02-26", "0287-02-26 00:00:00"},
      {"5088-09-07", "5088-09-07 00:00:00"},
      {"1-16-14", "2014-01-16 00:00:00"},
      {"9-9-46T17:42:50", "2046-09-09 17:42:50"},
      {"5-11-16T25:41:31.3849591",
       "ERROR 22008: date/time field value out of range: \"5-11-16T25:41:31.3849591\""},
      {"9/2/805 BC", "0805-09-02 00:00:00 BC"},
      {"0066-01-04 16:37:42.2201390", "0066-01-04 16:37:42.220139"},
      {"0587-07-11", "0587-07-11 00:00:00"},
      {"5131-09-30T25:56.42317749", "5131-09-30 00:25:56.423177"},
      {"1/5/772 09:32:55-08:00", "0772-01-05 09:32:55"},
      {"5/13/90", "1990-05-13 00:00:00"},
      {"0289-05-16T20:18:56", "0289-05-16 20:18:56"},
      {"8449-05-08", "8449-05-08 00:00:00"},
      {"0/25/524",
       "ERROR 22008: date/time field value out of range: \"0/25/524\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"60.11.28T06:36:29.23014890 BC",
       "ERROR 22008: date/time field value out of range: \"60.11.28T06:36:29.23014890 BC\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"0045-11-02", "0045-11-02 00:00:00"},
      {"0073-12-12 03:00:23.23949400", "0073-12-12 03:00:23.239494"},
      {"6-14-98", "1998-06-14 00:00:00"},
      {"0050-10-05T16:55:55", "0050-10-05 16:55:55"},
      {"7417-01-05T08:56:19", "7417-01-05 08:56:19"},
      {"287960-09-22", "287960-09-22 00:00:00"},
      {"1/5/982", "0982-01-05 00:00:00"},
      {"270556-13-00 07:49:57.43159624+02",
       "ERROR 22008: date/time field value out of range: \"270556-13-00 07:49:57.43159624+02\" "
       "HINT: Perhaps you need a different \"datestyle\" setting."},
      {"00521304T01:47:26.57950443",
       "ERROR 22008: date/time field value out of range: \"00521304T01:47:26.57950443\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"0/20/5051",
       "ERROR 22008: date/time field value out of range: \"0/20/5051\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"0624-05-09T15:06:52.68410554", "0624-05-09 15:06:52.684106"},
      {"26534-13-28",
       "ERROR 22008: date/time field value out of range: \"26534-13-28\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"00690831T13:22:55.87916701", "0069-08-31 13:22:55.879167"},
      {"4287-05-20T15:40:18", "4287-05-20 15:40:18"},
      {"0660-04-16 06:06.83267342", "0660-04-16 00:06:06.832673"},
      {"122755-09-29", "122755-09-29 00:00:00"},
      {"0022-09-24 14:37:51", "0022-09-24 14:37:51"},
      {"0/20/197T05:12:50",
       "ERROR 22008: date/time field value out of range: \"0/20/197T05:12:50\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"0842-09-18 BC", "0842-09-18 00:00:00 BC"},
      {"4/26/360T23:11:55Z", "0360-04-26 23:11:55"},
      {"6-6-22", "2022-06-06 00:00:00"},
      {"3135-02-02T15:35:31", "3135-02-02 15:35:31"},
      {"0029-03-15T06:08:17", "0029-03-15 06:08:17"},
      {"4234-05-31T05:44:04", "4234-05-31 05:44:04"},
      {"67790819", "6779-08-19 00:00:00"},
      {"2-27-46", "2046-02-27 00:00:00"},
      {"0132-00-10",
       "ERROR 22008: date/time field value out of range: \"0132-00-10\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"217947-00-10 BC",
       "ERROR 22008: date/time field value out of range: \"217947-00-10 BC\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"10-8-53 15:44.72569532", "2053-10-08 00:15:44.725695"},
      {"0446-07-10 07:14:05.41008640-08:00", "0446-07-10 07:14:05.410086"},
      {"203.02.20", "0203-02-20 00:00:00"},
      {"44/10/13 5:22:38",
       "ERROR 22008: date/time field value out of range: \"44/10/13 5:22:38\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"0007-03-07 10:06:13.7722104", "0007-03-07 10:06:13.77221"},
      {"2/19/546 0:21:00.4203817", "0546-02-19 00:21:00.420382"},
      {"6949-10-29 10:46:52", "6949-10-29 10:46:52"},
      {"6935/1/6 10:44:32.1313035", "6935-01-06 10:44:32.131304"},
      {"0747-12-04 5:28:28", "0747-12-04 05:28:28"},
      {"9/26/80 11:29:25", "1980-09-26 11:29:25"},
      {"199/9/29 14:49:34.8421701", "0199-09-29 14:49:34.84217"},
      {"535/1/21 53:16.4401399", "0535-01-21 00:53:16.44014"},
      {"0012-16-23 20:09",
       "ERROR 22008: date/time field value out of range: \"0012-16-23 20:09\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"0196-03-28 21:11.8561504", "0196-03-28 00:21:11.85615"},
      {"4/15/898 12:08:41", "0898-04-15 12:08:41"},
      {"1/3/18 5:31", "2018-01-03 05:31:00"},
      {"10/16/504 24:53:21.2374162",
       "ERROR 22008: date/time field value out of range: \"10/16/504 24:53:21.2374162\""},
      {"1/7/29 20:05:53", "2029-01-07 20:05:53"},
      {"0010-02-149 21:08",
       "ERROR 22008: date/time field value out of range: \"0010-02-149 21:08\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"422/5/22 18:14.7454023", "0422-05-22 00:18:14.745402"},
      {"0008-30-66 17:39",
       "ERROR 22008: date/time field value out of range: \"0008-30-66 17:39\" HINT: Perhaps you "
       "need a different \"datestyle\" setting."},
      {"5/17/118 33:47.2217719", "0118-05-17 00:33:47.221772"},
      {"9467-03-29 19:26:02", "9467-03-29 19:26:02"},
      {"0001-12-75 53:07.1196947",
       "ERROR 22008: date/time field value out of range: \"0001-12-75 53:07.1196947\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"8/7/27 7:10:26", "2027-08-07 07:10:26"},
      {"0007-10-3197 12:26:37",
       "ERROR 22008: date/time field value out of range: \"0007-10-3197 12:26:37\" HINT: Perhaps "
       "you need a different \"datestyle\" setting."},
      {"60/6/25 27:17.2316928",
       "ERROR 22008: date/time field value out of range: \"60/6/25 27:17.2316928\" HINT: Perhaps "
       "you need a different \"datestyle\" setting."},
      {"20/5/20 21:55:57.2403603",
       "ERROR 22008: date/time field value out of range: \"20/5/20 21:55:57.2403603\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"1/7/861 0:41:35", "0861-01-07 00:41:35"},
      {"6348/3/24 7:23", "6348-03-24 07:23:00"},
      {"6178/11/14 24:14:01.4211474",
       "ERROR 22008: date/time field value out of range: \"6178/11/14 24:14:01.4211474\""},
      {"0875-08-05 15:55.3225650", "0875-08-05 00:15:55.322565"},
      {"313/4/19 16:31", "0313-04-19 16:31:00"},
      {"0431-05-15 7:29", "0431-05-15 07:29:00"},
      {"7/2/904 1:09:46", "0904-07-02 01:09:46"},
      {"4/10/42 11:36", "2042-04-10 11:36:00"},
      {"8/6/5956 18:53", "5956-08-06 18:53:00"},
      {"869/8/12 52:49.2627636", "0869-08-12 00:52:49.262764"},
      {"0009-06-64 17:31:13.2648534",
       "ERROR 22008: date/time field value out of range: \"0009-06-64 17:31:13.2648534\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"0016-01-11 17:47:02.8835839", "0016-01-11 17:47:02.883584"},
      {"10/3/451 6:02:26.8971685", "0451-10-03 06:02:26.897168"},
      {"4/27/9945 2:25:29.4356870", "9945-04-27 02:25:29.435687"},
      {"724/2/3 5:43:40.5720524", "0724-02-03 05:43:40.572052"},
      {"0003-07-18 11:13:53", "0003-07-18 11:13:53"},
      {"934/3/8 13:20", "0934-03-08 13:20:00"},
      {"0004-03-6564 50:37.9842603",
       "ERROR 22008: date/time field value out of range: \"0004-03-6564 50:37.9842603\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"9/25/52 36:04.9707957", "2052-09-25 00:36:04.970796"},
      {"4037/10/3 13:38:45", "4037-10-03 13:38:45"},
      {"0011-02-940 13:17:14.3480611",
       "ERROR 22008: date/time field value out of range: \"0011-02-940 13:17:14.3480611\" HINT: "
       "Perhaps you need a different \"datestyle\" setting."},
      {"6169-02-10 22:15.2960336", "6169-02-10 00:22:15.296034"},
      {"0035-06-25 16:05", "0035-06-25 16:05:00"},
      {"67/4/25 4:38",
       "ERROR 22008: date/time field value out of range: \"67/4/25 4:38\" HINT: Perhaps you need a "
       "different \"datestyle\" setting."},
      {"7664/2/20 22:34", "7664-02-20 22:34:00"},
  };
  for (const Expectation& c : cases) {
    INFO("'" << c.input << "'::timestamp");
    CHECK(outcome([&] { return format_timestamp(parse_timestamp(c.input)); }) == c.expected);
  }
}

TEST_CASE("day numbers count from 2000-01-01", "[date_time]") {
  CHECK(parse_date("2000-01-01").days == 0);
  CHECK(parse_date("1970-01-01").days == -10957);
  CHECK(parse_date("1998-12-01").days == -396);
  CHECK(parse_timestamp("2000-01-01 00:00:01.5").micros == 1'500'000);
  CHECK(parse_date("4714-11-24 BC").days == kMinDateDays);
  CHECK(parse_date("5874897-12-31").days == kMaxDateDays);
  CHECK(parse_date("-infinity") < parse_date("4714-11-24 BC"));
  CHECK(parse_timestamp("infinity") > parse_timestamp("294276-12-31 23:59:59.999999"));
  CHECK(date_to_timestamp(parse_date("1998-12-01")) == parse_timestamp("1998-12-01 00:00:00"));
  CHECK(timestamp_to_date(parse_timestamp("1998-12-01 10:20:30.5")) == parse_date("1998-12-01"));
  CHECK(timestamp_to_date(parse_timestamp("0001-01-01 23:00 BC")) == parse_date("0001-01-01 BC"));
  CHECK(date_to_timestamp(Date::minus_infinity()) == Timestamp::minus_infinity());
  CHECK(outcome([] { return format_timestamp(date_to_timestamp(parse_date("5874897-12-31"))); }) ==
        "ERROR 22008: date out of range for timestamp");
  // The clock-dependent words read the statement's time (here installed).
  set_statement_instant(parse_timestamp("2024-03-01 23:30:00.5").micros);
  CHECK(format_date(parse_date("today")) == "2024-03-01");
  CHECK(format_date(parse_date("tomorrow")) == "2024-03-02");
  CHECK(format_timestamp(parse_timestamp("yesterday")) == "2024-02-29 00:00:00");
  CHECK(format_timestamp(parse_timestamp(" NOW ")) == "2024-03-01 23:30:00.5");
  CHECK(format_timestamp(parse_timestamp("today 10:30")) == "2024-03-01 10:30:00");
  CHECK(format_timestamp(parse_timestamp("10:30 tomorrow")) == "2024-03-02 10:30:00");
  CHECK(format_timestamp(parse_timestamp("yesterday 12:34:56")) == "2024-02-29 12:34:56");
  CHECK(outcome([] { return format_time(parse_time("today 10:30")); }) ==
        "ERROR 22007: invalid input syntax for type time: \"today 10:30\"");
  {
    const TimeZone tokyo = *find_time_zone("Asia/Tokyo");
    TimeZoneScope scope(&tokyo);
    CHECK(format_date(parse_date("today")) == "2024-03-02");
    CHECK(format_timestamptz(parse_timestamptz("now", tokyo), tokyo) == "2024-03-02 08:30:00.5+09");
    CHECK(format_timestamptz(parse_timestamptz("today", tokyo), tokyo) == "2024-03-02 00:00:00+09");
  }
  set_statement_instant(std::nullopt);
  const CivilDateTime civil = timestamp_to_civil(parse_timestamp("0044-03-15 10:20:30.000005 BC"));
  CHECK(civil.date.year == -43);
  CHECK(civil.date.month == 3);
  CHECK(civil.date.day == 15);
  CHECK(civil.hour == 10);
  CHECK(civil.minute == 20);
  CHECK(civil.second == 30);
  CHECK(civil.microsecond == 5);
}

TEST_CASE("date plus and minus integers and dates", "[date_time]") {
  const BinaryCase plus[] = {
      {"1998-12-01", "30", "1998-12-31"},
      {"2020-02-28", "1", "2020-02-29"},
      {"2020-12-31", "-366", "2019-12-31"},
      {"infinity", "5", "infinity"},
      {"-infinity", "-5", "-infinity"},
      {"5874897-12-31", "1", "ERROR 22008: date out of range"},
      {"4714-11-24 BC", "-1", "ERROR 22008: date out of range"},
      {"2000-01-01", "2145031948", "5874897-12-31"},
      {"2000-01-01", "2145031949", "ERROR 22008: date out of range"},
      {"2000-01-01", "-2451545", "4714-11-24 BC"},
      {"2000-01-01", "-2451546", "ERROR 22008: date out of range"},
      {"0001-01-01", "-1", "0001-12-31 BC"},
  };
  for (const BinaryCase& c : plus) {
    INFO("'" << c.left << "'::date + " << c.right);
    CHECK(outcome([&] {
            return format_date(date_add_days(parse_date(c.left), std::stoll(c.right)));
          }) == c.expected);
  }
  const BinaryCase minus[] = {
      {"2000-01-01", "1970-01-01", "10957"},
      {"1998-12-01", "1998-09-02", "90"},
      {"infinity", "2000-01-01", "ERROR 22008: cannot subtract infinite dates"},
      {"2000-01-01", "-infinity", "ERROR 22008: cannot subtract infinite dates"},
      {"5874897-12-31", "4714-11-24 BC", "2147483493"},
  };
  for (const BinaryCase& c : minus) {
    INFO("'" << c.left << "'::date - '" << c.right << "'::date");
    CHECK(outcome([&] {
            return std::to_string(date_diff_days(parse_date(c.left), parse_date(c.right)));
          }) == c.expected);
  }
  CHECK(date_sub_days(parse_date("2000-03-01"), 1) == parse_date("2000-02-29"));
}

TEST_CASE("date plus and minus intervals clamp to the end of the month", "[date_time]") {
  const BinaryCase plus[] = {
      {"2020-01-31", "1 month", "2020-02-29 00:00:00"},
      {"2020-01-31", "1 year", "2021-01-31 00:00:00"},
      {"2020-01-31", "1 day 02:00:00", "2020-02-01 02:00:00"},
      {"2020-01-31", "2 years 1 mon 1 day 00:00:00.5", "2022-03-01 00:00:00.5"},
      {"2020-01-31", "1000000 years", "ERROR 22008: timestamp out of range"},
      {"2020-03-31", "1 mon 1 day", "2020-05-01 00:00:00"},
      {"2020-03-31", "13 months", "2021-04-30 00:00:00"},
      {"2020-03-31", "90 days", "2020-06-29 00:00:00"},
      {"2020-03-31", "23:59:59.999999", "2020-03-31 23:59:59.999999"},
      {"2020-03-31", "-1000 days", "2017-07-05 00:00:00"},
      {"2019-01-31", "-1 month", "2018-12-31 00:00:00"},
      {"2019-01-31", "-13 months", "2017-12-31 00:00:00"},
      {"2019-01-31", "-1 day -02:00:00", "2019-01-29 22:00:00"},
      {"2019-01-31", "-1 mon +1 day", "2019-01-01 00:00:00"},
      {"2020-02-29", "1 month", "2020-03-29 00:00:00"},
      {"2020-02-29", "1 year", "2021-02-28 00:00:00"},
      {"2020-02-29", "1 day 02:00:00", "2020-03-01 02:00:00"},
      {"2020-02-29", "2 years 1 mon 1 day 00:00:00.5", "2022-03-30 00:00:00.5"},
      {"2020-02-29", "1000000 years", "ERROR 22008: timestamp out of range"},
      {"1998-12-01", "1 mon 1 day", "1999-01-02 00:00:00"},
      {"1998-12-01", "13 months", "2000-01-01 00:00:00"},
      {"1998-12-01", "90 days", "1999-03-01 00:00:00"},
      {"1998-12-01", "23:59:59.999999", "1998-12-01 23:59:59.999999"},
      {"1998-12-01", "-1000 days", "1996-03-06 00:00:00"},
      {"infinity", "-1 month", "infinity"},
      {"infinity", "-13 months", "infinity"},
      {"infinity", "-1 day -02:00:00", "infinity"},
      {"infinity", "-1 mon +1 day", "infinity"},
      {"0001-01-31", "1 month", "0001-02-28 00:00:00"},
      {"0001-01-31", "1 year", "0002-01-31 00:00:00"},
      {"0001-01-31", "1 day 02:00:00", "0001-02-01 02:00:00"},
      {"0001-01-31", "2 years 1 mon 1 day 00:00:00.5", "0003-03-01 00:00:00.5"},
      {"0001-01-31", "1000000 years", "ERROR 22008: timestamp out of range"},
      {"0001-03-01 BC", "1 mon 1 day", "0001-04-02 00:00:00 BC"},
      {"0001-03-01 BC", "13 months", "0001-04-01 00:00:00"},
      {"0001-03-01 BC", "90 days", "0001-05-30 00:00:00 BC"},
      {"0001-03-01 BC", "23:59:59.999999", "0001-03-01 23:59:59.999999 BC"},
      {"0001-03-01 BC", "-1000 days", "0004-06-05 00:00:00 BC"},
  };
  for (const BinaryCase& c : plus) {
    INFO("'" << c.left << "'::date + '" << c.right << "'::interval");
    CHECK(outcome([&] {
            return format_timestamp(date_add_interval(parse_date(c.left), parse_interval(c.right)));
          }) == c.expected);
  }
  const BinaryCase minus[] = {
      {"2020-01-31", "1 month", "2019-12-31 00:00:00"},
      {"2020-01-31", "1 year", "2019-01-31 00:00:00"},
      {"2020-01-31", "1 day 02:00:00", "2020-01-29 22:00:00"},
      {"2020-01-31", "2 years 1 mon 1 day 00:00:00.5", "2017-12-29 23:59:59.5"},
      {"2020-01-31", "1000000 years", "ERROR 22008: timestamp out of range"},
      {"2020-03-31", "1 mon 1 day", "2020-02-28 00:00:00"},
      {"2020-03-31", "13 months", "2019-02-28 00:00:00"},
      {"2020-03-31", "90 days", "2020-01-01 00:00:00"},
      {"2020-03-31", "23:59:59.999999", "2020-03-30 00:00:00.000001"},
      {"2020-03-31", "-1000 days", "2022-12-26 00:00:00"},
      {"2019-01-31", "-1 month", "2019-02-28 00:00:00"},
      {"2019-01-31", "-13 months", "2020-02-29 00:00:00"},
      {"2019-01-31", "-1 day -02:00:00", "2019-02-01 02:00:00"},
      {"2019-01-31", "-1 mon +1 day", "2019-02-27 00:00:00"},
      {"2020-02-29", "1 month", "2020-01-29 00:00:00"},
      {"2020-02-29", "1 year", "2019-02-28 00:00:00"},
      {"2020-02-29", "1 day 02:00:00", "2020-02-27 22:00:00"},
      {"2020-02-29", "2 years 1 mon 1 day 00:00:00.5", "2018-01-27 23:59:59.5"},
      {"2020-02-29", "1000000 years", "ERROR 22008: timestamp out of range"},
      {"1998-12-01", "1 mon 1 day", "1998-10-31 00:00:00"},
      {"1998-12-01", "13 months", "1997-11-01 00:00:00"},
      {"1998-12-01", "90 days", "1998-09-02 00:00:00"},
      {"1998-12-01", "23:59:59.999999", "1998-11-30 00:00:00.000001"},
      {"1998-12-01", "-1000 days", "2001-08-27 00:00:00"},
      {"infinity", "-1 month", "infinity"},
      {"infinity", "-13 months", "infinity"},
      {"infinity", "-1 day -02:00:00", "infinity"},
      {"infinity", "-1 mon +1 day", "infinity"},
      {"0001-01-31", "1 month", "0001-12-31 00:00:00 BC"},
      {"0001-01-31", "1 year", "0001-01-31 00:00:00 BC"},
      {"0001-01-31", "1 day 02:00:00", "0001-01-29 22:00:00"},
      {"0001-01-31", "2 years 1 mon 1 day 00:00:00.5", "0003-12-29 23:59:59.5 BC"},
      {"0001-01-31", "1000000 years", "ERROR 22008: timestamp out of range"},
      {"0001-03-01 BC", "1 mon 1 day", "0001-01-31 00:00:00 BC"},
      {"0001-03-01 BC", "13 months", "0002-02-01 00:00:00 BC"},
      {"0001-03-01 BC", "90 days", "0002-12-02 00:00:00 BC"},
      {"0001-03-01 BC", "23:59:59.999999", "0001-02-29 00:00:00.000001 BC"},
      {"0001-03-01 BC", "-1000 days", "0002-11-26 00:00:00"},
  };
  for (const BinaryCase& c : minus) {
    INFO("'" << c.left << "'::date - '" << c.right << "'::interval");
    CHECK(outcome([&] {
            return format_timestamp(date_sub_interval(parse_date(c.left), parse_interval(c.right)));
          }) == c.expected);
  }
}

TEST_CASE("timestamp plus and minus intervals", "[date_time]") {
  const BinaryCase plus[] = {
      {"2020-01-31 10:20:30.5", "1 month", "2020-02-29 10:20:30.5"},
      {"2020-01-31 10:20:30.5", "1 day", "2020-02-01 10:20:30.5"},
      {"2020-01-31 10:20:30.5", "1 second", "2020-01-31 10:20:31.5"},
      {"2020-01-31 10:20:30.5", "-1 second", "2020-01-31 10:20:29.5"},
      {"2020-01-31 10:20:30.5", "12:00:00", "2020-01-31 22:20:30.5"},
      {"2020-01-31 10:20:30.5", "1 year -1 day", "2021-01-30 10:20:30.5"},
      {"2020-01-31 10:20:30.5", "-1 month -1 day -1 second", "2019-12-30 10:20:29.5"},
      {"2020-12-31 23:59:59", "1 month", "2021-01-31 23:59:59"},
      {"2020-12-31 23:59:59", "1 day", "2021-01-01 23:59:59"},
      {"2020-12-31 23:59:59", "1 second", "2021-01-01 00:00:00"},
      {"2020-12-31 23:59:59", "-1 second", "2020-12-31 23:59:58"},
      {"2020-12-31 23:59:59", "12:00:00", "2021-01-01 11:59:59"},
      {"2020-12-31 23:59:59", "1 year -1 day", "2021-12-30 23:59:59"},
      {"2020-12-31 23:59:59", "-1 month -1 day -1 second", "2020-11-29 23:59:58"},
      {"294276-12-31 23:59:59", "1 month", "ERROR 22008: timestamp out of range"},
      {"294276-12-31 23:59:59", "1 day", "ERROR 22008: timestamp out of range"},
      {"294276-12-31 23:59:59", "1 second", "ERROR 22008: timestamp out of range"},
      {"294276-12-31 23:59:59", "-1 second", "294276-12-31 23:59:58"},
      {"294276-12-31 23:59:59", "12:00:00", "ERROR 22008: timestamp out of range"},
      {"294276-12-31 23:59:59", "1 year -1 day", "ERROR 22008: timestamp out of range"},
      {"294276-12-31 23:59:59", "-1 month -1 day -1 second", "294276-11-29 23:59:58"},
      {"-infinity", "1 month", "-infinity"},
      {"-infinity", "1 day", "-infinity"},
      {"-infinity", "1 second", "-infinity"},
      {"-infinity", "-1 second", "-infinity"},
      {"-infinity", "12:00:00", "-infinity"},
      {"-infinity", "1 year -1 day", "-infinity"},
      {"-infinity", "-1 month -1 day -1 second", "-infinity"},
      {"4714-11-24 00:00:00 BC", "1 month", "4714-12-24 00:00:00 BC"},
      {"4714-11-24 00:00:00 BC", "1 day", "4714-11-25 00:00:00 BC"},
      {"4714-11-24 00:00:00 BC", "1 second", "4714-11-24 00:00:01 BC"},
      {"4714-11-24 00:00:00 BC", "-1 second", "ERROR 22008: timestamp out of range"},
      {"4714-11-24 00:00:00 BC", "12:00:00", "4714-11-24 12:00:00 BC"},
      {"4714-11-24 00:00:00 BC", "1 year -1 day", "4713-11-23 00:00:00 BC"},
      {"4714-11-24 00:00:00 BC", "-1 month -1 day -1 second",
       "ERROR 22008: timestamp out of range"},
      {"2087-11-09 05:52:44.832224", "1 mon 1 day", "2087-12-10 05:52:44.832224"},
      {"1911-09-11 14:49:58.523221", "-2 mons", "1911-07-11 14:49:58.523221"},
      {"1909-04-21 12:04:21.792880", "-6 minutes 3 days", "1909-04-24 11:58:21.79288"},
      {"1957-04-05 15:37:33.358333", "-6 minutes 5 hours", "1957-04-05 20:31:33.358333"},
      {"7165-12-16 23:28:48.454958", "13 mons", "7167-01-16 23:28:48.454958"},
      {"1933-06-17 01:23:26.059201", "3 days -01:30:00 13 mons", "1934-07-19 23:53:26.059201"},
      {"2050-09-15 00:16:03.360492 BC", "-6 minutes 1 year 3 days",
       "2049-09-18 00:10:03.360492 BC"},
      {"2194-01-17 03:12:24.608931", "-4 days 25:00:00", "2194-01-14 04:12:24.608931"},
      {"2030-01-22 02:26:51.975521", "3 days", "2030-01-25 02:26:51.975521"},
      {"2856-05-19 22:24:37.543146", "13 mons 25:00:00", "2857-06-20 23:24:37.543146"},
  };
  for (const BinaryCase& c : plus) {
    INFO("'" << c.left << "'::timestamp + '" << c.right << "'::interval");
    CHECK(outcome([&] {
            return format_timestamp(
                timestamp_add_interval(parse_timestamp(c.left), parse_interval(c.right)));
          }) == c.expected);
  }
  const BinaryCase minus[] = {
      {"2020-01-31 10:20:30.5", "1 month", "2019-12-31 10:20:30.5"},
      {"2020-01-31 10:20:30.5", "1 day", "2020-01-30 10:20:30.5"},
      {"2020-01-31 10:20:30.5", "1 second", "2020-01-31 10:20:29.5"},
      {"2020-01-31 10:20:30.5", "-1 second", "2020-01-31 10:20:31.5"},
      {"2020-01-31 10:20:30.5", "12:00:00", "2020-01-30 22:20:30.5"},
      {"2020-01-31 10:20:30.5", "1 year -1 day", "2019-02-01 10:20:30.5"},
      {"2020-01-31 10:20:30.5", "-1 month -1 day -1 second", "2020-03-01 10:20:31.5"},
      {"2020-12-31 23:59:59", "1 month", "2020-11-30 23:59:59"},
      {"2020-12-31 23:59:59", "1 day", "2020-12-30 23:59:59"},
      {"2020-12-31 23:59:59", "1 second", "2020-12-31 23:59:58"},
      {"2020-12-31 23:59:59", "-1 second", "2021-01-01 00:00:00"},
      {"2020-12-31 23:59:59", "12:00:00", "2020-12-31 11:59:59"},
      {"2020-12-31 23:59:59", "1 year -1 day", "2020-01-01 23:59:59"},
      {"2020-12-31 23:59:59", "-1 month -1 day -1 second", "2021-02-02 00:00:00"},
      {"294276-12-31 23:59:59", "1 month", "294276-11-30 23:59:59"},
      {"294276-12-31 23:59:59", "1 day", "294276-12-30 23:59:59"},
      {"294276-12-31 23:59:59", "1 second", "294276-12-31 23:59:58"},
      {"294276-12-31 23:59:59", "-1 second", "ERROR 22008: timestamp out of range"},
      {"294276-12-31 23:59:59", "12:00:00", "294276-12-31 11:59:59"},
      {"294276-12-31 23:59:59", "1 year -1 day", "294276-01-01 23:59:59"},
      {"294276-12-31 23:59:59", "-1 month -1 day -1 second", "ERROR 22008: timestamp out of range"},
      {"-infinity", "1 month", "-infinity"},
      {"-infinity", "1 day", "-infinity"},
      {"-infinity", "1 second", "-infinity"},
      {"-infinity", "-1 second", "-infinity"},
      {"-infinity", "12:00:00", "-infinity"},
      {"-infinity", "1 year -1 day", "-infinity"},
      {"-infinity", "-1 month -1 day -1 second", "-infinity"},
      {"4714-11-24 00:00:00 BC", "1 month", "ERROR 22008: timestamp out of range"},
      {"4714-11-24 00:00:00 BC", "1 day", "ERROR 22008: timestamp out of range"},
      {"4714-11-24 00:00:00 BC", "1 second", "ERROR 22008: timestamp out of range"},
      {"4714-11-24 00:00:00 BC", "-1 second", "4714-11-24 00:00:01 BC"},
      {"4714-11-24 00:00:00 BC", "12:00:00", "ERROR 22008: timestamp out of range"},
      {"4714-11-24 00:00:00 BC", "1 year -1 day", "ERROR 22008: timestamp out of range"},
      {"4714-11-24 00:00:00 BC", "-1 month -1 day -1 second", "4714-12-25 00:00:01 BC"},
  };
  for (const BinaryCase& c : minus) {
    INFO("'" << c.left << "'::timestamp - '" << c.right << "'::interval");
    CHECK(outcome([&] {
            return format_timestamp(
                timestamp_sub_interval(parse_timestamp(c.left), parse_interval(c.right)));
          }) == c.expected);
  }
}

TEST_CASE("timestamp minus timestamp gives days and time", "[date_time]") {
  const BinaryCase cases[] = {
      {"2020-03-01", "2020-02-01", "29 days"},
      {"2020-03-01 10:00", "2020-02-01 12:00", "28 days 22:00:00"},
      {"2020-02-01 12:00", "2020-03-01 10:00", "-28 days -22:00:00"},
      {"2000-01-01", "1970-01-01 00:00:00.5", "10956 days 23:59:59.5"},
      {"1998-12-01 10:20:30.5", "1998-12-01 10:20:30.5", "00:00:00"},
      {"infinity", "2000-01-01", "ERROR 22008: cannot subtract infinite timestamps"},
      {"2000-01-01 00:00:01", "2000-01-01 00:00:02", "-00:00:01"},
      {"2000-01-02 00:00:00", "2000-01-01 00:00:01", "23:59:59"},
      {"2000-01-01 00:00:00", "2000-01-02 00:00:01", "-1 days -00:00:01"},
      {"2049-04-12 19:39:19.403780", "2078-03-21 10:25:46.493091", "-10569 days -14:46:27.089311"},
      {"6777-10-20 07:32:06.648434 BC", "1988-05-13 06:56:38.250406",
       "ERROR 22008: timestamp out of range: \"6777-10-20 07:32:06.648434 BC\""},
      {"9245-01-05 22:53:11.505893", "2094-10-14 13:07:31.575854", "2611567 days 09:45:39.930039"},
      {"8729-07-06 15:43:49.718024", "5033-03-22 22:33:44.099812", "1350041 days 17:10:05.618212"},
      {"2067-01-25 04:41:21.547590", "2072-05-17 06:10:17.763382", "-1939 days -01:28:56.215792"},
      {"1918-03-12 23:59:37.818535 BC", "9685-03-08 05:20:49.258581",
       "-4237539 days -05:21:11.440046"},
      {"2081-09-26 17:27:19.274063", "2097-08-24 00:16:01.792044 BC",
       "1525652 days 17:11:17.482019"},
      {"4873-04-11 22:32:48.872949", "7759-04-19 04:15:04.376019 BC",
       "ERROR 22008: timestamp out of range: \"7759-04-19 04:15:04.376019 BC\""},
      {"1955-07-14 05:16:11.428450", "6089-08-13 20:44:11.718695",
       "-1509944 days -15:28:00.290245"},
      {"2012-05-23 18:51:38.453685", "1187-10-05 04:27:00.339847", "301191 days 14:24:38.113838"},
      {"4857-09-02 09:15:09.561362", "1034-09-24 06:53:04.410633", "1396301 days 02:22:05.150729"},
      {"7234-03-10 03:13:46.701341", "1967-04-28 23:57:39.402036", "1923683 days 03:16:07.299305"},
      {"5922-12-10 19:57:14.635533", "5434-09-26 08:20:47.965541", "178313 days 11:36:26.669992"},
      {"6509-04-14 21:07:23.158404 BC", "4956-06-09 20:41:19.527930",
       "ERROR 22008: timestamp out of range: \"6509-04-14 21:07:23.158404 BC\""},
      {"2852-09-27 18:16:53.977009", "6448-05-23 13:48:34.400718 BC",
       "ERROR 22008: timestamp out of range: \"6448-05-23 13:48:34.400718 BC\""},
      {"4888-03-25 14:43:41.272042", "1907-02-26 21:28:44.732183", "1088816 days 17:14:56.539859"},
      {"2508-08-27 03:12:58.665806 BC", "6841-07-15 16:51:59.964208",
       "-3414244 days -13:39:01.298402"},
      {"2610-01-10 00:53:29.939803", "5165-06-26 20:08:19.555693", "-933362 days -19:14:49.61589"},
      {"2093-09-17 00:05:59.660689", "6286-07-08 19:45:35.141944",
       "-1531390 days -19:39:35.481255"},
      {"2016-09-23 20:14:07.704218", "1991-09-07 02:01:33.407847", "9148 days 18:12:34.296371"},
      {"7317-10-12 14:39:19.320500", "2094-12-15 13:50:27.775445", "1907597 days 00:48:51.545055"},
      {"1950-02-02 16:00:58.527130", "2063-08-10 18:45:32.775752", "-41462 days -02:44:34.248622"},
      {"2082-01-13 02:13:57.900611", "8089-01-02 03:11:00.658612 BC",
       "ERROR 22008: timestamp out of range: \"8089-01-02 03:11:00.658612 BC\""},
      {"9890-04-24 04:45:49.072644 BC", "2099-01-25 18:50:14.974241",
       "ERROR 22008: timestamp out of range: \"9890-04-24 04:45:49.072644 BC\""},
      {"2097-11-13 22:12:07.403039 BC", "2069-12-22 07:01:19.325810",
       "-1521274 days -08:49:11.922771"},
      {"4928-12-27 23:40:17.872115", "1902-03-08 08:48:24.381746", "1105519 days 14:51:53.490369"},
      {"1934-06-08 01:39:21.172577", "2007-05-17 02:44:48.763349 BC",
       "1439076 days 22:54:32.409228"},
  };
  for (const BinaryCase& c : cases) {
    INFO("'" << c.left << "'::timestamp - '" << c.right << "'::timestamp");
    CHECK(outcome([&] {
            return format_interval(
                timestamp_diff(parse_timestamp(c.left), parse_timestamp(c.right)));
          }) == c.expected);
  }
  // PostgreSQL 15 silently wraps here and prints "-104300454 days
  // -08:01:50.551616"; ptreedb reports the overflow, as PostgreSQL 16 does.
  CHECK(outcome([] {
          return format_interval(timestamp_diff(parse_timestamp("294276-12-31 23:59:59"),
                                                parse_timestamp("4714-11-24 00:00:00 BC")));
        }) == "ERROR 22008: interval out of range");
}

TEST_CASE("make_date validates its fields", "[date_time]") {
  struct MakeDateCase {
    const char* year;
    const char* month;
    const char* day;
    const char* expected;
  };
  const MakeDateCase cases[] = {
      {"0", "1", "1", "ERROR 22008: date field value out of range: 0-01-01"},
      {"2020", "2", "30", "ERROR 22008: date field value out of range: 2020-02-30"},
      {"-44", "3", "15", "0044-03-15 BC"},
      {"2020", "2", "29", "2020-02-29"},
      {"6000000", "1", "1", "ERROR 22008: date out of range: 6000000-01-01"},
      {"-4714", "11", "24", "4714-11-24 BC"},
      {"-4714", "11", "23", "ERROR 22008: date out of range: -4713-11-23"},
      {"2020", "13", "1", "ERROR 22008: date field value out of range: 2020-13-01"},
      {"-1", "12", "31", "0001-12-31 BC"},
      {"5874897", "12", "31", "5874897-12-31"},
      {"-1", "13", "1", "ERROR 22008: date field value out of range: 0-13-01"},
      {"-1", "2", "30", "ERROR 22008: date field value out of range: 0-02-30"},
  };
  for (const MakeDateCase& c : cases) {
    INFO("make_date(" << c.year << ", " << c.month << ", " << c.day << ")");
    CHECK(outcome([&] {
            return format_date(make_date(std::stoi(c.year), std::stoi(c.month), std::stoi(c.day)));
          }) == c.expected);
  }
}
