package ptreedb;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * Drives a server through pgjdbc the way applications do and prints every
 * answer, one line each; the pytest wrapper runs it against ptreedb and
 * against PostgreSQL and compares the two outputs.
 */
public final class JdbcClientTest {
  private JdbcClientTest() {}

  public static void main(String[] args) throws Exception {
    try (Connection conn = DriverManager.getConnection(args[0], "postgres", "")) {
      conn.setAutoCommit(true);
      try (Statement st = conn.createStatement()) {
        st.execute("DROP TABLE IF EXISTS jdbc_typed");
        st.execute("CREATE TABLE jdbc_typed (id int PRIMARY KEY, flag boolean, small smallint, big bigint,"
            + " r real, d double precision, amount numeric(12,3), code char(4), label varchar(20), note text,"
            + " day date, moment timestamp, span interval)");
      }
      insertRows(conn);
      batchInsert(conn);
      // Past prepareThreshold (5) pgjdbc switches to named statements and binary results.
      for (int round = 0; round < 7; round++) {
        selectAll(conn, round == 0 || round == 6);
      }
      metadata(conn);
      errors(conn);
    }
    System.out.println("done");
  }

  private static void insertRows(Connection conn) throws SQLException {
    String sql = "INSERT INTO jdbc_typed VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::interval)";
    try (PreparedStatement ps = conn.prepareStatement(sql)) {
      ps.setInt(1, 1);
      ps.setBoolean(2, true);
      ps.setShort(3, (short) 7);
      ps.setLong(4, 9_000_000_000L);
      ps.setFloat(5, 1.5f);
      ps.setDouble(6, 2.25);
      ps.setBigDecimal(7, new BigDecimal("123.456"));
      ps.setString(8, "ab");
      ps.setString(9, "hello");
      ps.setString(10, "ünïcode ✓");
      ps.setDate(11, Date.valueOf("2024-02-29"));
      ps.setTimestamp(12, Timestamp.valueOf("2024-02-29 13:45:07.12"));
      ps.setString(13, "3 days 04:00:05");
      System.out.println("insert " + ps.executeUpdate());
      ps.setInt(1, 2);
      ps.setNull(2, Types.BOOLEAN);
      ps.setNull(3, Types.SMALLINT);
      ps.setNull(4, Types.BIGINT);
      ps.setNull(5, Types.REAL);
      ps.setNull(6, Types.DOUBLE);
      ps.setNull(7, Types.NUMERIC);
      ps.setNull(8, Types.CHAR);
      ps.setNull(9, Types.VARCHAR);
      ps.setNull(10, Types.VARCHAR);
      ps.setNull(11, Types.DATE);
      ps.setNull(12, Types.TIMESTAMP);
      ps.setNull(13, Types.VARCHAR);
      System.out.println("insert " + ps.executeUpdate());
    }
  }

  private static void batchInsert(Connection conn) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(
        "INSERT INTO jdbc_typed (id, big, amount, label, day) VALUES (?, ?, ?, ?, ?)")) {
      for (int i = 10; i < 60; i++) {
        ps.setInt(1, i);
        ps.setLong(2, (long) i * 1_000_000_007L);
        ps.setBigDecimal(3, new BigDecimal(i).divide(new BigDecimal(8)));
        ps.setString(4, "row" + i);
        ps.setDate(5, Date.valueOf("2020-01-01"));
        ps.addBatch();
      }
      int[] counts = ps.executeBatch();
      int total = 0;
      for (int c : counts) total += c;
      System.out.println("batch " + counts.length + " " + total);
    }
  }

  private static void selectAll(Connection conn, boolean print) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(
        "SELECT id, flag, small, big, r, d, amount, code, label, note, day, moment, span FROM jdbc_typed"
            + " WHERE id >= ? AND (label IS NULL OR label <> ?) ORDER BY id LIMIT ?")) {
      ps.setInt(1, 1);
      ps.setString(2, "row11");
      ps.setInt(3, 14);
      try (ResultSet rs = ps.executeQuery()) {
        int rows = 0;
        while (rs.next()) {
          rows++;
          if (!print) continue;
          StringBuilder line = new StringBuilder("row");
          line.append(' ').append(rs.getInt(1));
          line.append(' ').append(rs.getObject(2));
          line.append(' ').append(rs.getObject(3));
          line.append(' ').append(rs.getObject(4));
          line.append(' ').append(rs.getObject(5));
          line.append(' ').append(rs.getObject(6));
          line.append(' ').append(rs.getBigDecimal(7));
          line.append(' ').append(rs.getString(8));
          line.append(' ').append(rs.getString(9));
          line.append(' ').append(rs.getString(10));
          line.append(' ').append(rs.getDate(11));
          line.append(' ').append(rs.getTimestamp(12));
          line.append(' ').append(rs.getString(13));
          System.out.println(line);
        }
        System.out.println("rows " + rows);
      }
    }
  }

  private static void metadata(Connection conn) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(
        "SELECT id, amount, label AS name, day, moment, big + 1 AS next FROM jdbc_typed WHERE id = ?")) {
      ps.setInt(1, 1);
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          // (getColumnTypeName and isNullable query pg_catalog, which is not served yet.)
          System.out.println("column " + md.getColumnLabel(i) + " " + md.getColumnType(i) + " "
              + md.getPrecision(i) + " " + md.getScale(i) + " "
              + md.getColumnClassName(i));
        }
      }
    }
  }

  private static void errors(Connection conn) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement("SELECT 1 / ?")) {
      ps.setInt(1, 0);
      ps.executeQuery();
      System.out.println("no error");
    } catch (SQLException e) {
      System.out.println("error " + e.getSQLState());
    }
    try (PreparedStatement ps = conn.prepareStatement("INSERT INTO jdbc_typed (id) VALUES (?)")) {
      ps.setInt(1, 1);
      ps.executeUpdate();
      System.out.println("no error");
    } catch (SQLException e) {
      System.out.println("error " + e.getSQLState());
    }
    try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM jdbc_typed")) {
      rs.next();
      System.out.println("count " + rs.getLong(1));
    }
  }
}
