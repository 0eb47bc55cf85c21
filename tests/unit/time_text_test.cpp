#include <gtest/gtest.h>

#include "util/time_text.hpp"

using namespace preflight::util;

TEST(TimeText, ReadsTheManifestsUtcTimeAndABareDay) {
    EXPECT_EQ(parse_utc_time("1970-01-01T00:00:00Z"), 0);
    EXPECT_EQ(parse_utc_time("2026-07-01T12:30:05Z"), 1782909005);
    EXPECT_EQ(parse_utc_time("2026-07-01"), 1782864000);
    EXPECT_EQ(parse_utc_time("2024-02-29"), 1709164800);  // a leap day
    for (const char* bad : {"", "2026-07-01T12:30:05", "2026-07-01 12:30:05Z", "2026-13-01", "2025-02-29", "2026-07-01T24:00:00Z",
                            "2026-7-01", "2026-07-01T12:30:05+02:00", "yesterday"})
        EXPECT_FALSE(parse_utc_time(bad)) << bad;
}

TEST(TimeText, WritesWhatItReads) {
    EXPECT_EQ(format_utc_time(0), "1970-01-01T00:00:00Z");
    for (const char* t : {"2026-07-01T12:30:05Z", "2024-02-29T23:59:59Z", "1999-12-31T00:00:00Z"})
        EXPECT_EQ(format_utc_time(*parse_utc_time(t)), t);
}

TEST(TimeText, ReadsDurationsInSecondsMinutesHoursAndDays) {
    EXPECT_EQ(parse_duration("90s"), 90);
    EXPECT_EQ(parse_duration("30m"), 1800);
    EXPECT_EQ(parse_duration("2h"), 7200);
    EXPECT_EQ(parse_duration("1h30m"), 5400);
    EXPECT_EQ(parse_duration("2d"), 172800);
    EXPECT_EQ(parse_duration("0s"), 0);
    for (const char* bad : {"", "30", "m", "30x", "1.5h", "-1h", "30 m", "h30", "999999999999d"})
        EXPECT_FALSE(parse_duration(bad)) << bad;
}
