// Every scalar function the executor runs, once: X(Name) makes
// FunctionId::kName (planner/bound_expression.h). Each needs a binding,
// kNameBinding (planner/functions/), and a kernel, kNameKernel
// (exec/functions/); the tables built from this list name both, so a
// function missing either fails to link (docs/adding_a_scalar_function.md).
#pragma once

#define PTREEDB_SCALAR_FUNCTIONS(X)                                                                         \
  X(Coalesce)     /* COALESCE(a, b, ...): the first non-NULL argument */                                   \
  X(NullIf)       /* NULLIF(a, b), bound as (a, a = b) */                                                   \
  X(Greatest)     /* GREATEST(a, b, ...): the largest non-NULL argument */                                  \
  X(Least)        /* LEAST(a, b, ...): the smallest non-NULL argument */                                    \
  X(Upper)                                                                                                  \
  X(Lower)                                                                                                  \
  X(Length)                                                                                                 \
  X(Substring)    /* text, start [, count] */                                                               \
  X(Abs)                                                                                                    \
  X(Round)        /* value [, scale] */                                                                     \
  X(Trunc)        /* value [, scale] */                                                                     \
  X(Extract)      /* field name (constant text), date/timestamp/interval */                                \
  X(DateTrunc)    /* field name (constant text), timestamp[tz] [, zone] */                                  \
  X(AtTimeZone)   /* timezone(zone text or interval, timestamp or timestamptz): AT TIME ZONE */            \
  X(ToTimestamp)  /* to_timestamp(double precision seconds since 1970) */                                 \
  X(ToChar)       /* to_char(timestamp, timestamptz or interval, format text) */                            \
  X(Trim)         /* text [, characters]: btrim; `negated` keeps the start (rtrim), `case_insensitive` the end (ltrim) */ \
  X(RegexMatch)   /* text ~ pattern; `negated`, `case_insensitive` */                                       \
  X(FormatType)   /* format_type(type oid, typmod) */                                                       \
  X(SizePretty)   /* pg_size_pretty(bigint) */                                                              \
  X(QuoteIdent)   /* quote_ident(text) */                                                                   \
  X(ArrayToString) /* array_to_string(array text '{a,b}', separator) */                                     \
  X(ArrayContains) /* element text = ANY(array text '{a,b}') */                                             \
  X(ArrayBound)   /* array_lower / array_upper / array_length (array text, dimension): `negated` = lower */ \
  X(ArrayElement) /* array text [index], as text */                                                         \
  X(ArrayQuote)   /* text as an element of an array's text form ("a b" quoted, NULL as NULL) */             \
  X(ArrayConstruct) /* ARRAY[a, b, ...] over typed values */                                              \
  X(ArrayConcat)  /* array_cat / array_append / array_prepend / || on arrays */                             \
  X(ArraySlice)   /* array[i:j] */                                                                          \
  X(ArrayCardinality) /* cardinality(array) */                                                              \
  X(ArrayPosition) /* array_position(array, x [, start]) */                                                 \
  X(ArrayRemove)  /* array_remove(array, x) */                                                              \
  X(ArrayReplace) /* array_replace(array, x, y) */                                                          \
  X(ArrayPositions) /* array_positions(array, x) */                                                         \
  X(TrimArray)    /* trim_array(array, n) */                                                                \
  X(StringToArray) /* string_to_array(text, delimiter [, null string]) */                                   \
  X(ArrayAny)     /* x op ANY(array) / x op ALL(array): `comparison`, `negated` = ALL */                    \
  X(ArrayContainment) /* @>, <@ (arguments swapped), && (`negated`) */                                      \
  X(InList)       /* args[0] IN (args[1..], constants) by one hashed lookup; `negated`: NOT IN */         \
  X(SequenceCall) /* nextval/currval/setval/lastval (`sequence_call`); volatile, never folded */          \
  X(GenRandomUuid) /* gen_random_uuid(): volatile, never folded */                                         \
  X(Random)       /* random(): the session's generator (`random_source`); volatile */                      \
  X(SetSeed)      /* setseed(double): seeds the session's generator; volatile */                            \
  X(RegexpReplace) /* regexp_replace(text, pattern, replacement [, flags]) */                              \
  X(RegexpMatch)  /* regexp_match(text, pattern [, flags]): text[] of the first match's groups */          \
  X(RegexpSplitToArray) /* regexp_split_to_array(text, pattern [, flags]) */                                 \
  X(RegexpCount)  /* regexp_count(text, pattern [, start [, flags]]) */                                     \
  X(RegexpInstr)  /* regexp_instr(text, pattern [, start [, n [, endoption [, flags [, subexpr]]]]]) */      \
  X(RegexpSubstr) /* regexp_substr(text, pattern [, start [, n [, flags [, subexpr]]]]) */                  \
  X(RegexpLike)   /* regexp_like(text, pattern [, flags]) */                                                \
  X(SizeBytes)    /* pg_size_bytes(text) */                                                                 \
  X(LikeEscape)   /* like_escape(pattern, escape): LIKE ... ESCAPE's pattern with backslash escapes */       \
  X(DateBin)      /* date_bin(stride, timestamp[tz], origin) */                                             \
  X(Scale)        /* scale(numeric): its display scale */                                                   \
  X(MinScale)     /* min_scale(numeric): the least scale that holds it exactly */                           \
  X(TrimScale)    /* trim_scale(numeric): trailing fractional zeros removed */                              \
  X(Div)          /* div(numeric, numeric): the quotient truncated toward zero */                           \
  X(MakeDate)     /* make_date(year, month, day) */                                                         \
  X(MakeTimestamp) /* make_timestamp(year, month, day, hour, min, sec) */                                   \
  X(MakeTimestampTz) /* make_timestamptz(year, month, day, hour, min, sec [, zone]) */                      \
  X(MakeTime)     /* make_time(hour, min, sec) */                                                           \
  X(JustifyHours) /* justify_hours(interval) */                                                             \
  X(JustifyDays)  /* justify_days(interval) */                                                              \
  X(JustifyInterval) /* justify_interval(interval) */                                                       \
  X(IsFinite)     /* isfinite(date | timestamp | timestamptz | interval) */                                 \
  X(Overlaps)     /* (start, end or length) OVERLAPS (start, end or length): timestamp[tz] */               \
  X(ToTimestampFromTemplate) /* to_timestamp(text, format): read back through a to_char template */     \
  X(ToDate)       /* to_date(text, format) */                                                               \
  X(ToNumber)     /* to_number(text, format): read back through a to_char number template */               \
  X(WidthBucket)  /* width_bucket(operand, low, high, count): numeric or double precision */                \
  X(Sqrt)         /* sqrt: double precision (planner/functions/math_functions.cpp) */                       \
  X(Cbrt)         /* cbrt */                                                                                \
  X(Exp)          /* exp */                                                                                 \
  X(Ln)           /* ln */                                                                                  \
  X(Log10)        /* log10 and log(x) */                                                                    \
  X(Power)        /* power(x, y) and x ^ y */                                                               \
  X(Pi)           /* pi() */                                                                                \
  X(Sin)                                                                                                    \
  X(Cos)                                                                                                    \
  X(Tan)                                                                                                    \
  X(Cot)                                                                                                    \
  X(Asin)                                                                                                   \
  X(Acos)                                                                                                   \
  X(Atan)                                                                                                   \
  X(Atan2)        /* atan2(y, x) */                                                                         \
  X(Degrees)                                                                                                \
  X(Radians)                                                                                                \
  X(Sinh)         /* hyperbolic: sinh, cosh, tanh and inverses */                                           \
  X(Cosh)                                                                                                   \
  X(Tanh)                                                                                                   \
  X(Asinh)                                                                                                  \
  X(Acosh)                                                                                                  \
  X(Atanh)                                                                                                  \
  X(Sind)         /* trigonometry in degrees, exact at multiples of 30/45 */                                \
  X(Cosd)                                                                                                   \
  X(Tand)                                                                                                   \
  X(Cotd)                                                                                                   \
  X(Asind)                                                                                                  \
  X(Acosd)                                                                                                  \
  X(Atand)                                                                                                  \
  X(Atan2d)       /* atan2d(y, x) */                                                                        \
  X(Sign)         /* sign(x) */                                                                             \
  X(Floor)        /* floor(x): numeric or double precision */                                               \
  X(Ceil)         /* ceil(x), ceiling(x): numeric or double precision */                                    \
  X(Mod)          /* mod(a, b): integers or numeric */                                                      \
  X(Gcd)          /* gcd(a, b): integers */                                                                 \
  X(Lcm)          /* lcm(a, b): integers */                                                                 \
  X(Encode)       /* encode(bytea, format) */                                                               \
  X(Decode)       /* decode(text, format) */                                                                \
  X(GetByte)                                                                                                \
  X(SetByte)                                                                                                \
  X(Md5)          /* md5(text or bytea) */                                                                  \
  X(Sha224)                                                                                                 \
  X(Sha256)                                                                                                 \
  X(Sha384)                                                                                                 \
  X(Sha512)                                                                                                 \
  X(ConvertTo)    /* convert_to(text, encoding): UTF8 only */                                               \
  X(ConvertFrom)  /* convert_from(bytea, encoding): UTF8 only */                                            \
  X(OctetLength)  /* octet_length(text or bytea) */                                                         \
  X(Strpos)       /* strpos(string, substring), position(substring IN string); text or bytea */             \
  X(Format)       /* format(formatstr, "any"...) */                                                         \
  X(QuoteLiteral) /* quote_literal(x): x's text quoted as a literal; NULL for NULL */                       \
  X(QuoteNullable)/* quote_nullable(x): the same, 'NULL' for NULL */                                        \
  X(ParseIdent)   /* parse_ident(text [, strict]): a qualified name's parts as text[] */                    \
  X(Concat)       /* concat("any"...) */                                                                    \
  X(ConcatWs)     /* concat_ws(separator, "any"...) */                                                      \
  X(Repeat)                                                                                                 \
  X(Lpad)                                                                                                   \
  X(Rpad)                                                                                                   \
  X(Left)                                                                                                   \
  X(Right)                                                                                                  \
  X(Reverse)                                                                                                \
  X(SplitPart)                                                                                              \
  X(Translate)                                                                                              \
  X(Replace)                                                                                                \
  X(Initcap)                                                                                                \
  X(Chr)                                                                                                    \
  X(Ascii)                                                                                                  \
  X(ToHex)        /* to_hex(integer or bigint) */                                                           \
  X(StartsWith)                                                                                            \
  X(JsonField)    /* json[b] -> key or index; `negated`: ->> (text result) */                             \
  X(JsonPath)     /* json[b] #> path (`case_insensitive`: one array text) or json[b]_extract_path(v, k...); `negated`: as text */ \
  X(JsonbContains) /* jsonb @> jsonb (<@ bound with its arguments swapped) */                              \
  X(JsonbExists)  /* jsonb ? text */                                                                        \
  X(JsonbExistsAny) /* jsonb ?| array text; `negated`: ?& (all) */                                         \
  X(JsonbConcat)  /* jsonb || jsonb */                                                                      \
  X(JsonbDelete)  /* jsonb - text, - integer, - text[] (`case_insensitive`: array text) */                \
  X(JsonbDeletePath) /* jsonb #- path array text */                                                        \
  X(JsonTypeof)   /* json_typeof / jsonb_typeof */                                                          \
  X(JsonArrayLength) /* json_array_length / jsonb_array_length */                                         \
  X(JsonbPretty)  /* jsonb_pretty */                                                                        \
  X(JsonStripNulls) /* json_strip_nulls / jsonb_strip_nulls */                                             \
  X(JsonbSet)     /* jsonb_set(target, path, value [, create]); `negated`: jsonb_insert(.., after) */     \
  X(ToJson)       /* to_json / to_jsonb of a scalar */                                                      \
  X(JsonBuild)    /* json[b]_build_array(...); `negated`: json[b]_build_object(k, v, ...) */              \
  X(DomainCheck)  /* a value checked against its domain's constraints (planner/domain_constraints.h) */
